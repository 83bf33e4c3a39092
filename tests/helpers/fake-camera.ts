// A video for Chromium's fake camera (--use-file-for-fake-video-capture): a QR code's modules
// drawn as black squares on white in raw YUV 4:2:0 frames (Y4M), the format Chromium reads
// without a decoder. The code's matrix is read back from the SVG a page shows, so what the camera
// sees is what the member was given.
import { writeFileSync } from 'node:fs';

const WIDTH = 640;
const HEIGHT = 480;

/** The dark modules of our SVG's path (`M x y h n v1 h-n z` runs, tickets/qr.ts) as a matrix. */
export function matrixOfSvg(svg: string): boolean[][] {
	const side = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
	const path = /<path d="([^"]+)"/.exec(svg)?.[1];
	if (!side || !path) throw new Error('not a ticket QR svg');
	const matrix = Array.from({ length: side }, () => Array<boolean>(side).fill(false));
	for (const [, x, y, n] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
		for (let i = 0; i < Number(n); i++) matrix[Number(y)]![Number(x) + i] = true;
	}
	return matrix;
}

/** Writes `frames` frames of the matrix, centred and scaled to fit, to `file` (Y4M, 10 fps). */
export function writeQrVideo(file: string, matrix: boolean[][], frames = 10): void {
	const scale = Math.floor((Math.min(WIDTH, HEIGHT) * 0.9) / matrix.length);
	const offsetX = Math.floor((WIDTH - matrix.length * scale) / 2);
	const offsetY = Math.floor((HEIGHT - matrix.length * scale) / 2);
	const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
	matrix.forEach((row, y) =>
		row.forEach((dark, x) => {
			if (!dark) return;
			for (let dy = 0; dy < scale; dy++) {
				const start = (offsetY + y * scale + dy) * WIDTH + offsetX + x * scale;
				luma.fill(16, start, start + scale);
			}
		})
	);
	const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
	const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
	const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
	writeFileSync(file, Buffer.concat([header, ...Array<Buffer>(frames).fill(frame)]));
}
