// The public assistant: the site's own passages answer every question. Without a model the answer
// is the best passages quoted (or where to look instead); with one, the model writes the answer
// from the same passages and cites them, and any way it fails ends in the local answer — a
// visitor never sees an error because a model is down. An answer that recites the model's
// instructions or its key is withheld the same way (leak.ts). Each answer has an id a visitor's
// rating refers to; an answer that found nothing is kept as a miss (feedback.ts).
import { randomUUID } from 'node:crypto';
import type { Locale } from '$lib/i18n';
import { errorFields, log } from '../log';
import { citeSources } from './citations';
import type { AssistantFeedback } from './feedback';
import type { LeakGuard } from './leak';
import { ModelUnavailable, type ModelClient } from './model';
import { assistantMessages, PROMPT_LIMITS, type Turn } from './prompt';
import type { AssistantRetriever, RetrievedPassage } from './retriever';

export interface Question {
	message: string;
	locale: Locale;
	history?: Turn[];
}

export interface AssistantAnswer {
	/** The answer's id, for a rating of it. */
	id: string;
	answer: string;
	/** The pages the answer quotes or cites; when nothing was found, the search and contact pages. */
	sources: { title: string; url: string }[];
	found: boolean;
	/** Who wrote the answer: the model, or the site's passages quoted. */
	by: 'model' | 'local';
}

/** A streamed answer: its text in pieces, then the whole answer with its sources. */
export type AnswerEvent = { type: 'delta'; text: string } | ({ type: 'done' } & AssistantAnswer);

export function assistantService(deps: {
	retriever: AssistantRetriever;
	model: ModelClient | null;
	/** Called before each question: lets the index hear of writes the change feed does not carry. */
	beforeQuestion?: () => void;
	/** Keeps the questions nothing was found for. */
	feedback?: Pick<AssistantFeedback, 'recordNotFound'>;
	/** Withholds a model's answer that gives away its instructions or key. */
	guard?: LeakGuard;
}) {
	const { retriever, model } = deps;
	const leaks = (text: string) => deps.guard?.leaks(text) ?? false;
	const holdBack = deps.guard?.holdBack ?? 0;

	async function local(question: Question): Promise<AssistantAnswer> {
		const found = await retriever.answerLocally(question.message, question.locale);
		const id = randomUUID();
		if (!found.found) await keepMiss(id, question);
		return {
			id,
			answer: found.answer,
			sources: (found.found ? found.sources : found.links).map(({ title, url }) => ({
				title,
				url
			})),
			found: found.found,
			by: 'local'
		};
	}

	/** The passages and messages for the model; null when there is nothing to ground it on. */
	async function grounded(question: Question) {
		deps.beforeQuestion?.();
		if (!model) return null;
		const passages = await retriever.retrieve(
			question.message,
			question.locale,
			PROMPT_LIMITS.passages
		);
		if (passages.length === 0) return null;
		const messages = assistantMessages({
			locale: question.locale,
			question: question.message,
			passages,
			history: question.history
		});
		return { model, passages, messages };
	}

	// The miss is worth keeping, not worth an answer: a store that cannot write (a full disk)
	// costs the list one question, never the visitor the answer.
	async function keepMiss(id: string, question: Question) {
		try {
			await deps.feedback?.recordNotFound({
				id,
				locale: question.locale,
				question: question.message,
				by: 'local'
			});
		} catch (error) {
			log.warn('assistant: question not kept', errorFields(error));
		}
	}

	function cited(text: string, passages: RetrievedPassage[]) {
		const answer = citeSources(text, passages);
		// The cited pages, then the site's pages the cited passages link to (the claims at /fs).
		const citedUrls = new Set(answer.sources.map((s) => s.url));
		const links = passages.filter((p) => citedUrls.has(p.url)).flatMap((p) => p.links ?? []);
		const sources = new Map(
			[...answer.sources, ...links].map(({ title, url }) => [url, { title, url }])
		);
		return {
			id: randomUUID(),
			answer: answer.text,
			sources: [...sources.values()],
			found: true,
			by: 'model' as const
		};
	}

	function modelFailed(failure: ModelUnavailable) {
		log.warn('assistant: model unavailable, answering locally', errorFields(failure));
	}

	function withheld() {
		log.warn('assistant: model answer withheld, answering locally', {
			reason: 'recites its instructions or key'
		});
	}

	return {
		async answer(question: Question, signal?: AbortSignal): Promise<AssistantAnswer> {
			const ask = await grounded(question);
			if (!ask) return local(question);
			try {
				const text = await ask.model.complete(ask.messages, { signal });
				if (!leaks(text)) return cited(text, ask.passages);
				withheld();
			} catch (failure) {
				if (!(failure instanceof ModelUnavailable)) throw failure;
				modelFailed(failure);
			}
			return local(question);
		},

		/** The answer as the model writes it; the local one in one piece when there is no model. */
		async *stream(question: Question, signal?: AbortSignal): AsyncGenerator<AnswerEvent> {
			const ask = await grounded(question);
			if (ask) {
				let text = '';
				// What the visitor has been sent: all but the last holdBack characters, checked first.
				let sent = 0;
				let leaked = false;
				try {
					for await (const piece of ask.model.stream(ask.messages, { signal })) {
						// Only runs that end in the new piece are new; the rest was checked before.
						const from = Math.max(0, text.length - holdBack);
						text += piece;
						if (leaks(text.slice(from))) {
							leaked = true;
							break;
						}
						const ready = text.length - holdBack;
						if (ready > sent) {
							yield { type: 'delta', text: text.slice(sent, ready) };
							sent = ready;
						}
					}
					if (!leaked) {
						if (text.length > sent) yield { type: 'delta', text: text.slice(sent) };
						yield { type: 'done', ...cited(text, ask.passages) };
						return;
					}
					withheld();
				} catch (failure) {
					if (!(failure instanceof ModelUnavailable)) throw failure;
					if (failure.reason === 'aborted') return;
					modelFailed(failure);
					// Cut off mid-answer: what was written stands, with what it cited so far.
					if (failure.afterOutput && !leaks(text)) {
						if (text.length > sent) yield { type: 'delta', text: text.slice(sent) };
						yield { type: 'done', ...cited(text, ask.passages) };
						return;
					}
				}
			}
			const answer = await local(question);
			yield { type: 'delta', text: answer.answer };
			yield { type: 'done', ...answer };
		}
	};
}

export type AssistantService = ReturnType<typeof assistantService>;
