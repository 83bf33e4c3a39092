// The OpenAPI 3.1 document of every /api route, generated from the zod schemas the handlers
// validate with. A route added without an entry here fails tests/integration/openapi.test.ts.
import { z } from 'zod';
import {
	AnonymousSessionResponse,
	AuthCheckResponse,
	CampusLeadershipQuery,
	CampusLeadershipResponse,
	CronFailure,
	CronResponse,
	ErrorBody,
	NotificationsRunResponse,
	FileQuery,
	GoneBody,
	HealthResponse
} from '$lib/schemas/api';
import {
	AssistantFeedbackRequest,
	AssistantRequest,
	AssistantResponse,
	DescriptionRequest,
	DescriptionResponse,
	DescriptionUpload
} from '$lib/schemas/assistant';
import {
	DocumentListResponse,
	ProcessDocumentFields,
	ProcessDocumentResponse
} from '$lib/schemas/documents';
import { CalendarFeedToken } from '$lib/schemas/calendar';
import { CallbackBody, CallbackResult, CheckoutReturnQuery } from '$lib/schemas/payments';
import { UnsubscribeQuery, UnsubscribeResponse } from '$lib/schemas/notifications';
import { MineResponse, RegistrationRequest, RegistrationResponse } from '$lib/schemas/registration';
import {
	CheckInRequest,
	CheckInResponse,
	CheckInSyncRequest,
	CheckInSyncResponse
} from '$lib/schemas/check-in';

type Schema = z.ZodType;

const schema = (s: Schema) => z.toJSONSchema(s, { io: 'output', unrepresentable: 'any' });
const jsonBody = (description: string, s: Schema) => ({
	description,
	content: { 'application/json': { schema: schema(s) } }
});
const queryParams = (s: z.ZodObject, required: string[] = []) =>
	Object.entries(s.shape).map(([name, field]) => ({
		name,
		in: 'query',
		required: required.includes(name),
		schema: schema(field as Schema)
	}));
const redirect = (description: string) => ({
	description,
	headers: { Location: { schema: { type: 'string', format: 'uri' } } }
});

// How an operation is called (components.securitySchemes): `PUBLIC` needs nothing; the signed-in
// ones the session cookie; the provider's callback and the cron route a shared secret each.
const PUBLIC: Record<string, string[]>[] = [];
const SIGNED_IN = [{ session: [] }];
/** Read with or without a session: the cookie changes the answer, not whether there is one. */
const SESSION_OPTIONAL = [{}, { session: [] }];

const securitySchemes = {
	session: { type: 'apiKey', in: 'cookie', name: 'session' },
	callbackToken: {
		type: 'http',
		scheme: 'bearer',
		description: 'PAYMENT_CALLBACK_TOKEN (the provider’s callbackAuthorizationToken)'
	},
	cronSecret: {
		type: 'apiKey',
		in: 'query',
		name: 'secret',
		description: 'CRON_SECRET; an unset or short secret keeps the route shut'
	}
};

const tooMany = {
	...jsonBody('Too many requests from this client address', ErrorBody),
	headers: {
		'Retry-After': { description: 'Seconds until the window resets', schema: { type: 'integer' } }
	}
};

const memberTooMany = {
	...jsonBody(
		'Too many registrations and unregistrations by this member (not per address)',
		ErrorBody
	),
	headers: tooMany.headers
};

/** GET, POST and DELETE of an event's registration: what they share. */
const registrationOperation = (
	operationId: string,
	summary: string,
	ok: ReturnType<typeof jsonBody>,
	refusals: Record<number, ReturnType<typeof jsonBody> | typeof memberTooMany>
) => ({
	operationId,
	summary,
	security: SIGNED_IN,
	parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
	responses: {
		200: {
			...ok,
			headers: { 'Cache-Control': { schema: { type: 'string', enum: ['private, no-store'] } } }
		},
		401: jsonBody('Not signed in', ErrorBody),
		404: jsonBody('Unknown event, or the event takes no registrations', ErrorBody),
		...refusals
	}
});

/** A door's POSTs (a scan, a queue): organisers of the event only, in the error convention. */
const doorOperation = (
	operationId: string,
	summary: string,
	body: ReturnType<typeof jsonBody>,
	ok: ReturnType<typeof jsonBody>,
	refusals: Record<number, ReturnType<typeof jsonBody>> = {}
) => ({
	operationId,
	summary,
	security: SIGNED_IN,
	parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
	requestBody: { required: true, ...body },
	responses: {
		200: ok,
		400: jsonBody(
			'Validation failed; for a scan also a string that is no ticket of this site (code malformed_ticket, or forged_ticket: forged or altered)',
			ErrorBody
		),
		401: jsonBody('Not signed in', ErrorBody),
		403: jsonBody('Not an organiser of the event (an admin or a leader of its unit)', ErrorBody),
		404: jsonBody('Unknown event (code unknown_event)', ErrorBody),
		...refusals
	}
});

export function openApiDocument(options: { origin: string; provider: string }) {
	const cronJob =
		(job: string, summary: string, done: ReturnType<typeof jsonBody>) => (method: string) => ({
			operationId: `${job}${method === 'GET' ? 'Get' : 'Post'}`,
			summary: `${summary} (${method})`,
			security: [{ cronSecret: [] }],
			responses: {
				200: done,
				401: jsonBody('Wrong or missing secret, or no secret configured', ErrorBody),
				500: jsonBody('The run failed', CronFailure)
			}
		});
	const cronOperation = cronJob(
		'cleanupReservations',
		'Delete expired cart reservations',
		jsonBody('Expired reservations deleted', CronResponse)
	);
	const noticesOperation = cronJob(
		'runNotifications',
		'Write the reminders and registration openings due, then send the queued notices MAIL_RATE_PER_MINUTE allows',
		jsonBody('What the run wrote and sent', NotificationsRunResponse)
	);
	const binary = { schema: { type: 'string', format: 'binary' } };
	const fileOperation = (operationId: string, summary: string) => ({
		operationId,
		summary,
		security: SIGNED_IN,
		parameters: [
			{ name: 'id', in: 'path', required: true, schema: { type: 'string' } },
			...queryParams(FileQuery)
		],
		responses: {
			200: {
				description:
					'The file, or its thumbnail (400 px, same format; a PDF has none and answers the file)',
				content: Object.fromEntries(
					['application/pdf', 'image/jpeg', 'image/png', 'image/webp'].map((t) => [t, binary])
				),
				headers: {
					'Content-Disposition': {
						description: 'attachment for PDFs, inline for images; the uploaded name, sanitised',
						schema: { type: 'string' }
					},
					'X-Content-Type-Options': { schema: { type: 'string', enum: ['nosniff'] } },
					'Cache-Control': { schema: { type: 'string', enum: ['private, no-store'] } }
				}
			},
			400: jsonBody('Validation failed (unknown variant)', ErrorBody),
			404: jsonBody(
				'No such file, or the caller may not read it, or has no account (one answer for all)',
				ErrorBody
			)
		}
	});
	const gone = { 410: jsonBody('Deprecated; use the payment callback route', GoneBody) };

	return {
		openapi: '3.1.0',
		info: {
			title: 'orgweb API',
			version: '1',
			description: 'Paths carry no version segment. Errors follow { error, details?, code? }.'
		},
		servers: [{ url: options.origin }],
		components: { securitySchemes },
		paths: {
			'/api/health': {
				get: {
					operationId: 'getHealth',
					summary: 'Health check',
					security: PUBLIC,
					responses: { 200: jsonBody('Alive', HealthResponse) }
				}
			},
			'/api/openapi.json': {
				get: {
					operationId: 'getOpenApiDocument',
					summary: 'This document',
					security: PUBLIC,
					responses: { 200: { description: 'OpenAPI 3.1' } }
				}
			},
			'/api/auth/anonymous': {
				post: {
					operationId: 'createAnonymousSession',
					summary: 'Create an anonymous session (sets the session cookie)',
					security: PUBLIC,
					responses: {
						200: {
							...jsonBody(
								'Session created, or the caller already had one',
								AnonymousSessionResponse
							),
							headers: {
								'Set-Cookie': {
									description: 'session=<secret>; HttpOnly; Secure; SameSite=Lax; Path=/',
									schema: { type: 'string' }
								}
							}
						},
						429: tooMany,
						500: jsonBody('Failed to create session', ErrorBody)
					}
				}
			},
			'/api/auth/check': {
				get: {
					operationId: 'checkAuth',
					summary: 'Report the authentication status of the session cookie',
					security: SESSION_OPTIONAL,
					responses: { 200: jsonBody('Status', AuthCheckResponse), 429: tooMany }
				}
			},
			'/api/payment/{provider}/callback': {
				post: {
					operationId: 'paymentCallback',
					summary: 'Payment provider status callback',
					security: [{ callbackToken: [] }],
					parameters: [
						{
							name: 'provider',
							in: 'path',
							required: true,
							schema: { type: 'string', enum: [options.provider, 'psp'] }
						}
					],
					requestBody: {
						required: true,
						content: { 'application/json': { schema: schema(CallbackBody) } }
					},
					responses: {
						200: jsonBody('Handled (also for duplicates)', CallbackResult),
						400: jsonBody(
							'Missing session ID, invalid body or unsuccessful result',
							CallbackResult
						),
						401: jsonBody('Unauthorized', CallbackResult),
						404: jsonBody('Unknown provider name', ErrorBody),
						500: jsonBody('Internal server error', CallbackResult)
					}
				}
			},
			'/api/checkout/webhook': {
				get: {
					operationId: 'checkoutWebhookGet',
					summary: 'Deprecated',
					deprecated: true,
					security: PUBLIC,
					responses: gone
				},
				post: {
					operationId: 'checkoutWebhookPost',
					summary: 'Deprecated',
					deprecated: true,
					security: PUBLIC,
					responses: gone
				}
			},
			'/api/checkout/return': {
				get: {
					operationId: 'checkoutReturn',
					summary: 'Return from the payment flow; redirects to the order, cart or shop',
					security: SESSION_OPTIONAL,
					parameters: queryParams(CheckoutReturnQuery),
					responses: { 303: redirect('See the spec redirect table (docs/api.md)') }
				}
			},
			'/api/cron/cleanup-reservations': { get: cronOperation('GET'), post: cronOperation('POST') },
			'/api/cron/notifications': { get: noticesOperation('GET'), post: noticesOperation('POST') },
			'/api/files/{id}': {
				get: fileOperation(
					'getFile',
					'A stored upload, for its uploader and for whoever may see the claim it is a receipt on'
				),
				head: fileOperation('headFile', 'The headers of GET /api/files/{id}')
			},
			'/api/public-assistant': {
				post: {
					operationId: 'askAssistant',
					security: PUBLIC,
					summary:
						"Ask the site's assistant; answered from the site's public content (by a model, when one is configured)",
					requestBody: {
						required: true,
						content: { 'application/json': { schema: schema(AssistantRequest) } }
					},
					responses: {
						200: {
							description:
								'The answer with its sources (Accept: application/json), or server-sent events (Accept: text/event-stream): `delta` events with { text } while it is written, then one `done` event with the whole answer (the JSON body below), or `error` with the error envelope',
							content: {
								'application/json': { schema: schema(AssistantResponse) },
								'text/event-stream': { schema: { type: 'string' } }
							}
						},
						400: jsonBody('Validation failed (no message, too long, unknown locale)', ErrorBody),
						429: tooMany
					}
				}
			},
			'/api/public-assistant/feedback': {
				post: {
					operationId: 'rateAssistantAnswer',
					security: PUBLIC,
					summary:
						'Rate an answer of the assistant (helpful or not); unanswered questions are kept, without who asked, for the admins',
					requestBody: {
						required: true,
						content: { 'application/json': { schema: schema(AssistantFeedbackRequest) } }
					},
					responses: {
						204: { description: 'Rated; a later rating of the same answer replaces it' },
						400: jsonBody('Validation failed', ErrorBody),
						429: tooMany
					}
				}
			},
			'/api/expense/generate-description': {
				post: {
					operationId: 'generateExpenseDescription',
					security: SIGNED_IN,
					summary:
						"A suggested description for a claim line from the caller's own receipts, by id or posted with the request (text layer or OCR; written by the model when one is configured)",
					requestBody: {
						required: true,
						content: {
							'application/json': { schema: schema(DescriptionRequest) },
							'multipart/form-data': {
								schema: schema(DescriptionUpload),
								encoding: { files: { contentType: 'application/pdf, image/*' } }
							}
						}
					},
					responses: {
						200: jsonBody(
							'The suggestion, for the member to edit; posted receipts are kept as the claim form’s uploads are (`fileIds`), and removed within a day unless a claim takes them',
							DescriptionResponse
						),
						400: jsonBody(
							'Validation failed; `code` says why: no_receipt_text (none of the receipts says anything a receipt says: `details` has each one’s reason, and no posted file is kept), file_unsupported_type, file_unsafe_pdf, file_polyglot, file_unreadable, file_image_too_large, file_too_many_objects, file_expands_too_much, file_too_costly (a parsing limit, named in `details`), file_empty (a posted file the files port refused; none is kept)',
							ErrorBody
						),
						401: jsonBody('Not signed in', ErrorBody),
						404: jsonBody('A file id that is not a receipt the caller uploaded', ErrorBody),
						413: jsonBody(
							'Payload too large: the post passes the upload limit, or a file FILES_MAX_BYTES (code file_too_large)',
							ErrorBody
						),
						429: tooMany
					}
				}
			},
			'/api/process-document': {
				post: {
					operationId: 'processDocument',
					security: SIGNED_IN,
					summary:
						"Add a document (PDF, Word, text or Markdown) to the assistant's answers; admins, and a unit's leaders for their unit",
					requestBody: {
						required: true,
						content: {
							'multipart/form-data': {
								schema: {
									type: 'object',
									required: ['file'],
									properties: {
										file: { type: 'string', format: 'binary' },
										...(schema(ProcessDocumentFields) as { properties: object }).properties
									}
								}
							}
						}
					},
					responses: {
						201: jsonBody('The document, read and cut into passages', ProcessDocumentResponse),
						400: jsonBody(
							'Validation failed; `code` says why: a field, file_unsupported_type, file_unsafe_document, file_too_many_objects, file_expands_too_much, file_too_costly (a parsing limit, named in `details`), no_text_layer (a scan), unreadable, too_long, empty, unit_not_found',
							ErrorBody
						),
						401: jsonBody('Not signed in', ErrorBody),
						403: jsonBody('Not an admin, nor a leader of the unit', ErrorBody),
						413: jsonBody('Payload too large (code file_too_large)', ErrorBody)
					}
				}
			},
			'/api/documents': {
				get: {
					operationId: 'listDocuments',
					security: SIGNED_IN,
					summary: "The assistant's documents the caller manages",
					responses: {
						200: jsonBody('All of them for admins, their units’ for leaders', DocumentListResponse),
						401: jsonBody('Not signed in', ErrorBody),
						403: jsonBody('Manages no documents', ErrorBody)
					}
				}
			},
			'/api/calendar/{token}': {
				get: {
					operationId: 'getCalendarFeed',
					security: PUBLIC,
					summary:
						"A member's personal calendar feed (its secret address, made on the profile): the events they are registered for, waiting for or entered in a draw for, from 30 days back, in their language",
					parameters: [
						{ name: 'token', in: 'path', required: true, schema: schema(CalendarFeedToken) }
					],
					responses: {
						200: {
							description:
								'iCalendar (RFC 5545); Cache-Control: private, max-age=60, so a change shows within a minute',
							content: { 'text/calendar': { schema: { type: 'string' } } }
						},
						404: jsonBody(
							'No such feed: an unknown or malformed token, one replaced by a newer address, or a feed turned off',
							ErrorBody
						)
					}
				}
			},
			'/api/events/{id}/registration': {
				get: registrationOperation(
					'getEventRegistration',
					'The event’s registration: open or not, counts per pool, and the member’s own place',
					jsonBody('The registration as the member sees it', RegistrationResponse),
					{}
				),
				post: {
					...registrationOperation(
						'registerForEvent',
						'Register: the final answer in the same request (confirmed with the pool, waiting with the position, or entered in the draw); registering again answers the existing registration',
						jsonBody('The member’s registration', MineResponse),
						{
							400: jsonBody('Validation failed (the body is not JSON or does not fit)', ErrorBody),
							403: jsonBody(
								'Not eligible (code not_eligible; details.reasons: what the pools ask for)',
								ErrorBody
							),
							409: jsonBody(
								'Not open yet (code not_open; details.opensAt), not yet for this member because of their marks (code marks_delay; details.opensAt: their own opening), or closed (code closed)',
								ErrorBody
							),
							429: memberTooMany
						}
					),
					requestBody: {
						required: false,
						...jsonBody('The answer to the event’s question, if it asks one', RegistrationRequest)
					}
				},
				delete: registrationOperation(
					'unregisterFromEvent',
					'Give up the registration (a seat, a place on the waiting list or in the draw); the next in line moves up in the same transaction. Without a registration: none',
					jsonBody('The member’s registration: none', MineResponse),
					{
						409: jsonBody(
							'The unregistration deadline has passed (code unregister_closed)',
							ErrorBody
						),
						429: memberTooMany
					}
				)
			},
			'/api/events/{id}/check-in': {
				post: doorOperation(
					'checkInTicket',
					'Check a ticket in at the event’s door: checked_in the first time, already (with the first scan’s time and door) after that',
					jsonBody('The ticket’s token and the door’s name', CheckInRequest),
					jsonBody('The person let in, now or before', CheckInResponse),
					{
						409: jsonBody(
							'A real ticket that does not let in here: another event’s (code other_event), or its registration holds no seat (code ticket_not_valid: cancelled, removed, waiting, unpaid)',
							ErrorBody
						)
					}
				)
			},
			'/api/events/{id}/check-in/sync': {
				post: doorOperation(
					'syncCheckIns',
					'A door’s queue of scans made offline, with the door’s time of each: a result per scan, in order, as a scan would answer (a refusal as outcome refused with its code). A ticket already in is already, so a replayed queue changes nothing',
					jsonBody('The door and its scans', CheckInSyncRequest),
					jsonBody('One result per scan', CheckInSyncResponse)
				)
			},
			'/api/documents/{id}': {
				get: {
					operationId: 'getDocument',
					security: PUBLIC,
					summary:
						'A document the assistant answers from, as uploaded (public: answers link to it)',
					parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
					responses: {
						200: {
							description: 'The file, as an attachment',
							content: { 'application/octet-stream': binary }
						},
						404: jsonBody('No such document', ErrorBody)
					}
				},
				delete: {
					operationId: 'deleteDocument',
					security: SIGNED_IN,
					summary: 'Remove a document; the assistant stops answering from it at once',
					parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
					responses: {
						204: { description: 'Removed, with its file' },
						401: jsonBody('Not signed in', ErrorBody),
						403: jsonBody('Not an admin, nor a leader of its unit', ErrorBody),
						404: jsonBody('No such document', ErrorBody)
					}
				}
			},
			'/api/notifications/unsubscribe': {
				post: {
					operationId: 'unsubscribeOneClick',
					security: PUBLIC,
					summary:
						'One-click unsubscribe (RFC 8058), the URL of a notification mail’s List-Unsubscribe header: turns that kind of e-mail off for the member the token names, without signing in; again answers the same. Allowed from any origin',
					parameters: queryParams(UnsubscribeQuery, ['token']),
					requestBody: {
						required: false,
						description: 'As mail clients send it (RFC 8058); may be left out',
						content: {
							'application/x-www-form-urlencoded': {
								schema: {
									type: 'object',
									properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } }
								}
							}
						}
					},
					responses: {
						200: jsonBody('The kind is off', UnsubscribeResponse),
						400: jsonBody('Validation failed (no token)', ErrorBody),
						404: jsonBody(
							'Not a link of this site (forged or altered), or its account is deleted (code unknown_token)',
							ErrorBody
						),
						429: tooMany
					}
				},
				get: {
					operationId: 'unsubscribePage',
					security: PUBLIC,
					summary:
						'A person following the link: sent to the page that asks them to confirm (a GET changes nothing)',
					parameters: queryParams(UnsubscribeQuery, ['token']),
					responses: {
						303: redirect('The confirming page, /{lang}/notifications/unsubscribe?token=…'),
						400: jsonBody('Validation failed (no token)', ErrorBody)
					}
				}
			},
			'/api/campus-leadership': {
				get: {
					operationId: 'getCampusLeadership',
					security: PUBLIC,
					summary: 'Campus leadership per campus, cached',
					parameters: queryParams(CampusLeadershipQuery),
					responses: {
						200: {
							...jsonBody('Leadership', CampusLeadershipResponse),
							headers: { ETag: { schema: { type: 'string' } } }
						},
						304: { description: 'Not modified (If-None-Match matched the ETag)' },
						400: jsonBody('Validation failed (e.g. unknown campus)', ErrorBody),
						429: tooMany
					}
				}
			}
		}
	};
}
