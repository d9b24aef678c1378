/**
 * How much text the regular expressions applied while `run` ran were given: the length of the
 * longest. A backtracking pattern's time can grow with the square of its input, so code that
 * reads user or service text keeps patterns to short, bounded text, or uses none; asserting that
 * here needs no clock. Spying on RegExp.prototype.exec sees every use: with it replaced, test,
 * replace, match and split all call it.
 */
export function longestTextMatched(run: () => unknown): number {
	const exec = RegExp.prototype.exec;
	let longest = 0;
	RegExp.prototype.exec = function (this: RegExp, text: string) {
		longest = Math.max(longest, String(text).length);
		return exec.call(this, text);
	};
	try {
		run();
	} finally {
		RegExp.prototype.exec = exec;
	}
	return longest;
}
