// The one reader of whole-number parameters bounded by their own definitions (nodes/shared/readers.ts,
// on readWholeNumber, which every operation uses too), as both triggers use it for their windows.
import { lateWindowParameter } from '../../nodes/AffindaPollingTrigger/description';
import { replayWindowParameter } from '../../nodes/AffindaTrigger/description';
import { wholeNumberWithin } from '../../nodes/shared/readers';

test('unset reads as the default; a whole number within the bounds as itself', () => {
	expect(wholeNumberWithin(replayWindowParameter, undefined)).toBe(5);
	expect(wholeNumberWithin(replayWindowParameter, null)).toBe(5);
	expect(wholeNumberWithin(lateWindowParameter, undefined)).toBe(60);
	expect(wholeNumberWithin(lateWindowParameter, 1440)).toBe(1440);
	// Numeric text, as an expression may hand it over, reads as its number, as in every operation.
	expect(wholeNumberWithin(replayWindowParameter, '10')).toBe(10);
});

test.each([0, 1441, 2.5, '2.5', 'ten', Number.NaN])(
	'%p is refused, naming the parameter, the value and the bounds the editor shows',
	(value) => {
		const given = typeof value === 'string' ? `"${value}"` : String(value);
		expect(() => wholeNumberWithin(replayWindowParameter, value)).toThrow(
			`Parameter "Replay Window (Minutes)" (replayWindow) is ${given}, but must be a whole number from 1 to 1440`,
		);
	},
);
