// heic-decode ships no types: libheif (compiled to WebAssembly) decoding to RGBA.
declare module 'heic-decode' {
	interface DecodedImage {
		width: number;
		height: number;
		data: Uint8ClampedArray;
	}
	export default function decode(input: {
		buffer: ArrayBufferLike | Uint8Array;
	}): Promise<DecodedImage>;
}
