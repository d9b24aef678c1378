import { describeValue } from '../../nodes/shared/errors';
import {
	parseJsonObject,
	readFlag,
	readIdentifier,
	readJsonObject,
	readNameList,
	readNumber,
	readOptionalChoice,
	readOptionalIdentifier,
	readWholeNumber,
} from '../../nodes/shared/readers';
import { longestTextMatched } from '../helpers/pattern-spy';

const limit = { displayName: 'Limit', name: 'limit' };
const document = { displayName: 'Document', name: 'identifier' };
const indices = { displayName: 'Index Names or IDs', name: 'indices' };

describe('values in messages, as given', () => {
	test.each([
		[undefined, 'missing'],
		['', 'empty'],
		['  ', 'empty'],
		['abc', '"abc"'],
		[NaN, 'NaN'],
		[Infinity, 'Infinity'],
		[-0.5, '-0.5'],
		[true, 'true'],
		[null, 'null'],
		[[5], '[5]'],
		[[NaN, 'a'], '[NaN, "a"]'],
		[{}, '{}'],
		[{ a: NaN, b: [1] }, '{"a": NaN, "b": [1]}'],
		[new Date('2026-01-02T03:04:05Z'), '"2026-01-02T03:04:05.000Z"'],
	])('%p is shown as %s', (value, shown) => {
		expect(describeValue(value)).toBe(shown);
	});

	test('a long value is cut short', () => {
		const shown = describeValue('x'.repeat(1000));
		expect(shown.length).toBeLessThanOrEqual(201);
		expect(shown.endsWith('…')).toBe(true);
	});
});

describe('whole numbers and bounded numbers', () => {
	test.each([
		[5, 5],
		['5', 5],
		[' 12 ', 12],
		[50, 50],
	])('Limit %p reads as %p', (value, expected) => {
		expect(readWholeNumber(limit, value, { min: 1, max: 50 })).toBe(expected);
	});

	test.each([
		[[5], '[5]'],
		[true, 'true'],
		[false, 'false'],
		[NaN, 'NaN'],
		[Infinity, 'Infinity'],
		[{}, '{}'],
		[null, 'null'],
		[undefined, 'missing'],
		['', 'empty'],
		['5x', '"5x"'],
		['0x10', '"0x10"'],
		[2.5, '2.5'],
		[0, '0'],
		[51, '51'],
	])('Limit %p is refused, shown as %s', (value, shown) => {
		expect(() => readWholeNumber(limit, value, { min: 1, max: 50 })).toThrow(
			`Parameter "Limit" (limit) is ${shown}, but must be a whole number from 1 to 50`,
		);
	});

	test('bounded numbers take fractions, within the bounds only', () => {
		const weight = { displayName: 'Skills', name: 'skillsWeight' };
		expect(readNumber(weight, 0.25, { min: 0, max: 1 })).toBe(0.25);
		expect(readNumber(weight, '1', { min: 0, max: 1 })).toBe(1);
		expect(() => readNumber(weight, NaN, { min: 0, max: 1 })).toThrow(
			'Parameter "Skills" (skillsWeight) is NaN, but must be a number from 0 to 1',
		);
		expect(() => readNumber(weight, [0.5], { min: 0, max: 1 })).toThrow('is [0.5]');
	});
});

describe('identifiers', () => {
	test.each([
		[{ __rl: true, mode: 'list', value: ' wsA ' }, 'wsA'],
		[{ __rl: true, mode: 'id', value: '' }, undefined],
		[{ __rl: true, mode: 'id' }, undefined],
		['docA', 'docA'],
		[42, '42'],
		[undefined, undefined],
		[null, undefined],
		['  ', undefined],
	])('the identifier in %j is %j', (value, expected) => {
		expect(readOptionalIdentifier(document, value)).toBe(expected);
	});

	test.each([
		[{}, '{}'],
		[{ id: 'x' }, '{"id": "x"}'],
		[['docA'], '["docA"]'],
		[true, 'true'],
		[NaN, 'NaN'],
		[1.5, '1.5'],
		['[object Object]', '"[object Object]"'],
		['undefined', '"undefined"'],
		['null', '"null"'],
		['NaN', '"NaN"'],
	])('%p is no identifier', (value, shown) => {
		expect(() => readOptionalIdentifier(document, value, 'a document identifier')).toThrow(
			`Parameter "Document" (identifier) is ${shown}, but must be a document identifier`,
		);
	});

	test('a required identifier must be set', () => {
		expect(() => readIdentifier(document, { __rl: true, mode: 'id', value: '' })).toThrow(
			'Parameter "Document" (identifier) is empty, but must be an identifier (text)',
		);
		expect(() => readIdentifier(document, null)).toThrow('is null');
	});
});

describe('name lists', () => {
	test.each([
		['a, b ,,c', ['a', 'b', 'c']],
		[
			['a', ' b ', ''],
			['a', 'b'],
		],
		[
			[' x ', 7],
			['x', '7'],
		],
		['', []],
		[null, []],
		[undefined, []],
		[[null, 'a'], ['a']],
	])('%j reads as %j', (value, expected) => {
		expect(readNameList(indices, value)).toEqual(expected);
	});

	test.each([
		[{}, '{}'],
		[[{}], '[{}]'],
		[[['a']], '[["a"]]'],
		[['a', true], '["a", true]'],
		[[NaN], '[NaN]'],
		[true, 'true'],
		[NaN, 'NaN'],
		['a, [object Object]', '"a, [object Object]"'],
	])('%p is refused as a whole, shown as %s', (value, shown) => {
		expect(() => readNameList(indices, value, 'at least one index name')).toThrow(
			`Parameter "Index Names or IDs" (indices) is ${shown}, but must be at least one index name`,
		);
	});
});

describe('JSON objects, choices and flags', () => {
	test.each([
		['{"country": "AU"}', { country: 'AU' }],
		[{ country: 'AU' }, { country: 'AU' }],
		['[1]', undefined],
		['null', undefined],
		['{', undefined],
		[7, undefined],
	])('JSON %j as an object is %j', (value, expected) => {
		expect(parseJsonObject(value)).toEqual(expected);
	});

	test('a JSON object reader names what it wanted', () => {
		const data = { displayName: 'Data', name: 'data' };
		expect(() => readJsonObject(data, '[1]')).toThrow(
			'Parameter "Data" (data) is "[1]", but must be a JSON object',
		);
	});

	test('choices come from the list only', () => {
		const unit = { displayName: 'Unit', name: 'unit' };
		expect(readOptionalChoice(unit, 'km', ['km', 'mi'])).toBe('km');
		expect(readOptionalChoice(unit, '', ['km', 'mi'])).toBeUndefined();
		expect(() => readOptionalChoice(unit, { km: 1 }, ['km', 'mi'])).toThrow(
			'Parameter "Unit" (unit) is {"km": 1}, but must be one of km, mi',
		);
	});

	test('flags are true or false, as booleans or text', () => {
		const flag = { displayName: 'Ready', name: 'ready' };
		expect(readFlag(flag, 'false')).toBe(false);
		expect(readFlag(flag, true)).toBe(true);
		expect(() => readFlag(flag, 1)).toThrow('is 1, but must be true or false');
	});
});

describe('number text of any length is read in linear time', () => {
	// 16,001 characters took 1.6 s to refuse with a pattern whose time grows with the square of
	// the input; a million, from an earlier node's data, would have held n8n for hours.
	test.each([
		['16,000 digits and an x', `${'1'.repeat(16_000)}x`],
		['16,000 digits', '1'.repeat(16_000)],
		['a decimal point and 16,000 digits', `.${'5'.repeat(16_000)}`],
	])('%s: refused, and no pattern is given more than 100 characters', (_, text) => {
		let thrown: unknown;
		const longest = longestTextMatched(() => {
			try {
				readNumber(limit, text);
			} catch (error) {
				thrown = error;
			}
		});
		expect(longest).toBeLessThanOrEqual(100);
		expect((thrown as Error).message).toMatch(/^Parameter "Limit" \(limit\) is "/);
	});

	test('ordinary number text still reads', () => {
		expect([' 5 ', '0.5', '.5', '1e3', '-2', '+7.'].map((text) => readNumber(limit, text))).toEqual(
			[5, 0.5, 0.5, 1000, -2, 7],
		);
	});
});
