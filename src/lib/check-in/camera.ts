// Reading QR codes from the phone's camera: the back camera's picture in a <video>, a frame drawn
// to a canvas a few times a second and decoded by jsQR (a maintained pure-JavaScript decoder; the
// browser's BarcodeDetector is missing on most desktops and Linux). jsQR is CommonJS: imported
// through the bundler, its interop helpers went into the runtime chunk every page loads (0.27 kB
// on each), so it is served as its own file and loaded as a script, once the page has loaded and
// before the connection may go at the door.
import type jsQRFunction from 'jsqr';
import decoderUrl from 'jsqr/dist/jsQR.js?url';

type Decode = typeof jsQRFunction;
let loading: Promise<Decode> | undefined;

function decoder(): Promise<Decode> {
	loading ??= new Promise<Decode>((resolve, reject) => {
		const script = document.createElement('script');
		script.src = decoderUrl;
		script.onload = () => resolve((window as unknown as { jsQR: Decode }).jsQR);
		script.onerror = () => {
			script.remove();
			loading = undefined;
			reject(new Error('the QR decoder could not be loaded'));
		};
		document.head.append(script);
	});
	return loading;
}

/** Fetches the decoder now, so that scanning works when the connection is lost later. */
export function warmDecoder(): void {
	decoder().catch(() => {
		// Offline already: starting the camera will try again.
	});
}

/** Starts the camera into `video` and calls `onCode` with each code read; returns the stop. */
export async function startScanning(
	video: HTMLVideoElement,
	onCode: (text: string) => void
): Promise<() => void> {
	const [jsQR, stream] = await Promise.all([
		decoder(),
		navigator.mediaDevices.getUserMedia({
			video: { facingMode: 'environment' },
			audio: false
		})
	]);
	video.srcObject = stream;
	video.muted = true;
	video.playsInline = true;
	await video.play();
	const canvas = document.createElement('canvas');
	const context = canvas.getContext('2d', { willReadFrequently: true })!;
	let stopped = false;
	let timer: ReturnType<typeof setTimeout>;

	function frame() {
		if (stopped) return;
		const width = video.videoWidth;
		const height = video.videoHeight;
		if (width > 0 && height > 0) {
			canvas.width = width;
			canvas.height = height;
			context.drawImage(video, 0, 0, width, height);
			const code = jsQR(context.getImageData(0, 0, width, height).data, width, height, {
				inversionAttempts: 'dontInvert'
			});
			if (code?.data) onCode(code.data);
		}
		timer = setTimeout(frame, 150);
	}
	frame();
	return () => {
		stopped = true;
		clearTimeout(timer);
		for (const track of stream.getTracks()) track.stop();
		video.srcObject = null;
	};
}
