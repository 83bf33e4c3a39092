// Reading QR codes from the phone's camera: the back camera's picture in a <video>, a frame drawn
// to a canvas a few times a second and decoded by jsQR (a maintained pure-JavaScript decoder; the
// browser's BarcodeDetector is missing on most desktops and Linux). jsQR is fetched once the page
// has loaded (warmDecoder), not with it, and before the connection may go at the door.

const decoder = () => import('jsqr');

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
	const [{ default: jsQR }, stream] = await Promise.all([
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
