// The published JSON Resume schema package ships JavaScript only: what the tests use of it.
declare module '@jsonresume/schema' {
	export function validate(
		resume: unknown,
		callback: (errors: unknown[] | null, valid: boolean) => void,
	): void;
	export const schema: object;
}
