import type { INodeProperties } from 'n8n-workflow';

import {
	boundsTypeOptions,
	rowOf,
	toWireValue,
	type WireKind,
	type WireRow,
} from '../../nodes/shared/wireRows';

// The one translation of a panel value to its wire value, kind by kind: a good value as it goes
// out, and each kind of bad value refused with the message naming the parameter, the value given
// and what is allowed.

function row(kind: WireKind, more: Partial<WireRow> = {}): WireRow {
	return { displayName: 'Field', name: 'field', kind, ...more };
}

function refusal(wireRow: WireRow, value: unknown): string {
	try {
		toWireValue(wireRow, value);
	} catch (error) {
		return (error as Error).message;
	}
	throw new Error(`${JSON.stringify(value)} was not refused`);
}

const must = (shown: string, allowed: string) =>
	`Parameter "Field" (field) is ${shown}, but must be ${allowed}`;

describe('text', () => {
	test('trimmed; a whole number as text; unset when blank', () => {
		expect(toWireValue(row('text'), '  Sydney ')).toBe('Sydney');
		expect(toWireValue(row('text'), 12)).toBe('12');
		expect(toWireValue(row('text'), '   ')).toBeUndefined();
		expect(toWireValue(row('text'), { __rl: true, mode: 'id', value: 'abc' })).toBe('abc');
	});

	test.each([
		[{ a: 1 }, '{"a": 1}'],
		[['a'], '["a"]'],
		[true, 'true'],
		[NaN, 'NaN'],
		['[object Object]', '"[object Object]"'],
	])('%p is refused', (value, shown) => {
		expect(refusal(row('text'), value)).toBe(must(shown, 'text'));
	});
});

describe('textAsWritten', () => {
	test('kept as written, spaces included; null clears; a number becomes text', () => {
		expect(toWireValue(row('textAsWritten'), '  as written ')).toBe('  as written ');
		expect(toWireValue(row('textAsWritten'), null)).toBeNull();
		expect(toWireValue(row('textAsWritten'), 7)).toBe('7');
	});

	test('an object is refused', () => {
		expect(refusal(row('textAsWritten'), { a: 1 })).toBe(must('{"a": 1}', 'text'));
	});
});

describe('flag', () => {
	test('a boolean, or its text', () => {
		expect(toWireValue(row('flag'), true)).toBe(true);
		expect(toWireValue(row('flag'), 'false')).toBe(false);
	});

	test.each([
		['yes', '"yes"'],
		[1, '1'],
		[null, 'null'],
		['', 'empty'],
	])('%p is refused', (value, shown) => {
		expect(refusal(row('flag'), value)).toBe(must(shown, 'true or false'));
	});
});

describe('number and wholeNumber', () => {
	const weight = row('number', { bounds: { min: 0, max: 1 } });
	const years = row('wholeNumber', { bounds: { min: 0 } });

	test('numbers and numeric text within bounds', () => {
		expect(toWireValue(weight, 0.5)).toBe(0.5);
		expect(toWireValue(weight, ' 1 ')).toBe(1);
		expect(toWireValue(years, '3')).toBe(3);
		expect(toWireValue(row('number'), -1e3)).toBe(-1000);
	});

	test.each([
		[weight, 1.5, '1.5', 'a number from 0 to 1'],
		[weight, 'abc', '"abc"', 'a number from 0 to 1'],
		[weight, NaN, 'NaN', 'a number from 0 to 1'],
		[weight, [0.5], '[0.5]', 'a number from 0 to 1'],
		[years, 2.5, '2.5', 'a whole number of 0 or more'],
		[years, -1, '-1', 'a whole number of 0 or more'],
		[years, 2 ** 60, String(2 ** 60), 'a whole number of 0 or more'],
		[row('wholeNumber', { bounds: { max: 9 } }), 10, '10', 'a whole number of 9 or less'],
		[row('number'), Infinity, 'Infinity', 'a number'],
	])('%#: %p is refused', (wireRow, value, shown, allowed) => {
		expect(refusal(wireRow, value)).toBe(must(shown, allowed));
	});

	test('null clears a nullable row and is refused by others', () => {
		const pageIndex = row('wholeNumber', { bounds: { min: 0 }, nullable: true });
		expect(toWireValue(pageIndex, null)).toBeNull();
		expect(refusal(years, null)).toBe(must('null', 'a whole number of 0 or more'));
	});
});

describe('choice and choiceList', () => {
	const options = (...values: string[]) => values.map((value) => ({ name: value, value }));
	const level = row('choice', { choices: options('Low', 'Mid') });
	const degrees = row('choiceList', { choices: options('bachelors', 'masters') });

	test('one of the choices; unset when blank; a list once each', () => {
		expect(toWireValue(level, 'Mid')).toBe('Mid');
		expect(toWireValue(level, '')).toBeUndefined();
		expect(toWireValue(level, { __rl: true, mode: 'list', value: '' })).toBeUndefined();
		expect(toWireValue(degrees, 'masters, bachelors, masters')).toEqual(['masters', 'bachelors']);
		expect(toWireValue(degrees, ['bachelors'])).toEqual(['bachelors']);
	});

	test.each([
		[level, 'High', '"High"', 'one of Low, Mid'],
		[level, { a: 1 }, '{"a": 1}', 'one of Low, Mid'],
		[degrees, 'masters, phd', '"phd"', 'one of bachelors, masters'],
		[
			{ ...level, required: true },
			{ __rl: true, mode: 'list', value: '' },
			'{"__rl": true, "mode": "list", "value": ""}',
			'one of Low, Mid',
		],
	])('%#: %p is refused', (wireRow, value, shown, allowed) => {
		expect(refusal(wireRow, value)).toBe(must(shown, allowed));
	});
});

describe('textList, idList and wholeNumberList', () => {
	test('entries as a list, blanks dropped', () => {
		expect(toWireValue(row('textList'), 'a, b,, c ')).toEqual(['a', 'b', 'c']);
		expect(toWireValue(row('textList'), ['a', 5])).toEqual(['a', '5']);
		expect(toWireValue(row('idList'), '12, 007')).toEqual(['12', '007']);
		expect(toWireValue(row('wholeNumberList', { bounds: { min: 1, max: 9999 } }), '15, 2')).toEqual(
			[15, 2],
		);
		expect(toWireValue(row('textList'), '')).toEqual([]);
	});

	test.each([
		[row('textList'), [{}], '[{}]', 'names separated by commas, or a list of names'],
		[row('textList', { allowed: 'field names' }), [true], '[true]', 'field names'],
		[row('idList'), '12, x', '"12, x"', 'whole numbers separated by commas'],
		[row('idList', { allowed: 'tag IDs' }), '-3', '"-3"', 'tag IDs'],
		[
			row('wholeNumberList', { bounds: { min: 1, max: 9999 } }),
			'15, 10000',
			'"10000"',
			'whole numbers from 1 to 9999',
		],
		[
			row('wholeNumberList', { bounds: { min: 1, max: 9999 } }),
			[{ a: 1 }],
			'[{"a": 1}]',
			'whole numbers from 1 to 9999',
		],
	])('%#: %p is refused', (wireRow, value, shown, allowed) => {
		expect(refusal(wireRow, value)).toBe(must(shown, allowed));
	});
});

describe('objectList and rectangles', () => {
	test('JSON text or a list from an expression', () => {
		expect(toWireValue(row('objectList'), '[{"a": 1}]')).toEqual([{ a: 1 }]);
		expect(toWireValue(row('objectList'), [{ a: 1 }])).toEqual([{ a: 1 }]);
		const box = { pageIndex: 0, x0: 1.5, y0: 2, x1: 30, y1: 4 };
		expect(toWireValue(row('rectangles'), JSON.stringify([box]))).toEqual([box]);
	});

	const boxes =
		'a JSON array of {"x0", "y0", "x1", "y1"} numbers, with an optional whole "pageIndex"';
	test.each([
		[row('objectList'), '[1]', '"[1]"', 'a JSON array of objects'],
		[row('objectList'), '{nope', '"{nope"', 'a JSON array of objects'],
		[row('objectList'), { a: 1 }, '{"a": 1}', 'a JSON array of objects'],
		[
			row('rectangles'),
			'[{"x0": 1, "y0": 2, "x1": 3}]',
			'"[{\\"x0\\": 1, \\"y0\\": 2, \\"x1\\": 3}]"',
			boxes,
		],
		[
			row('rectangles'),
			[{ x0: 1, y0: 2, x1: 3, y1: 4, z: 1 }],
			'[{"x0": 1, "y0": 2, "x1": 3, "y1": 4, "z": 1}]',
			boxes,
		],
		[
			row('rectangles'),
			[{ x0: 1, y0: 2, x1: 3, y1: 4, pageIndex: -1 }],
			'[{"x0": 1, "y0": 2, "x1": 3, "y1": 4, "pageIndex": -1}]',
			boxes,
		],
	])('%#: %p is refused', (wireRow, value, shown, allowed) => {
		expect(refusal(wireRow, value)).toBe(must(shown, allowed));
	});
});

describe('a row named as the panel names it', () => {
	test('the error names the parameter given, e.g. a criterion’s facet', () => {
		expect(() =>
			toWireValue(row('number', { bounds: { min: 0, max: 1 } }), 2, {
				displayName: 'Skills › Weight',
				name: 'skillsWeight',
			}),
		).toThrow('Parameter "Skills › Weight" (skillsWeight) is 2, but must be a number from 0 to 1');
	});
});

describe('a row from a parameter defined by hand', () => {
	const property: INodeProperties = {
		displayName: 'State',
		name: 'state',
		type: 'options',
		default: 'any',
		options: [
			{ name: 'Any State', value: 'any' },
			{ name: 'Archived', value: 'archived' },
		],
	};

	test('takes its name, label and choices from the definition', () => {
		expect(rowOf({ property, kind: 'choice' })).toEqual({
			displayName: 'State',
			name: 'state',
			kind: 'choice',
			bounds: {},
			choices: property.options,
		});
	});

	test('and its bounds, which also make the panel’s typeOptions', () => {
		const bounded = rowOf({
			property: {
				displayName: 'Distance',
				name: 'distance',
				type: 'number',
				default: null,
				typeOptions: { minValue: 1, numberPrecision: 0 },
			},
			kind: 'wholeNumber',
		});
		expect(bounded.bounds).toEqual({ min: 1 });
		expect(boundsTypeOptions(bounded)).toEqual({ minValue: 1, numberPrecision: 0 });
		expect(boundsTypeOptions({ kind: 'number', bounds: { min: 0, max: 1 } }, 2)).toEqual({
			minValue: 0,
			maxValue: 1,
			numberPrecision: 2,
		});
	});
});
