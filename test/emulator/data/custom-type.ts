// A customer's own document type, as Affinda's configurable extraction makes them: its data is
// keyed by the field slugs the customer defined (CONTRACT.md, "Custom document types"). The
// emulator's one is a right-to-work check; this table is its schema, its parser and its seeds.

import { Random } from '../random';
import { placeLocation } from './normalise';
import type { Location } from './types';

export type CustomFieldType = 'text' | 'date' | 'enum' | 'location';

export interface CustomField {
	slug: string;
	label: string;
	type: CustomFieldType;
	/** For enums: the choices, as `{label, value}`. */
	choices?: ReadonlyArray<{ label: string; value: string }>;
}

const VISA_TYPES = [
	{ label: 'Citizen', value: 'citizen' },
	{ label: 'Permanent Resident', value: 'permanent_resident' },
	{ label: 'Skilled Worker', value: 'skilled_worker' },
	{ label: 'Student', value: 'student' },
] as const;

export const RIGHT_TO_WORK_FIELDS: readonly CustomField[] = [
	{ slug: 'holderName', label: 'Holder Name', type: 'text' },
	{ slug: 'documentNumber', label: 'Document Number', type: 'text' },
	{ slug: 'visaType', label: 'Visa Type', type: 'enum', choices: VISA_TYPES },
	{ slug: 'expiryDate', label: 'Expiry Date', type: 'date' },
	{ slug: 'issuingCountry', label: 'Issuing Country', type: 'text' },
	{ slug: 'holderAddress', label: 'Holder Address', type: 'location' },
	{ slug: 'workRestrictions', label: 'Work Restrictions', type: 'text' },
];

/** A custom document's values: one per slug, null where the document has none. */
export type CustomFields = Record<
	string,
	string | Location | { label: string; value: string } | null
> & {
	rawText: string;
};

function valueOf(field: CustomField, text: string | undefined): CustomFields[string] {
	if (text === undefined || text.trim() === '') return null;
	const value = text.trim();
	switch (field.type) {
		case 'location':
			return placeLocation(value);
		case 'enum':
			return (
				field.choices?.find((c) => c.label.toLowerCase() === value.toLowerCase()) ?? {
					label: value,
					value: value.toLowerCase().replace(/\W+/g, '_'),
				}
			);
		case 'date': {
			const date = new Date(value);
			return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
		}
		default:
			return value;
	}
}

/** Reads "Label: value" lines, one per field; a field whose label is absent is null. */
export function parseCustomText(text: string, fields = RIGHT_TO_WORK_FIELDS): CustomFields {
	const lines = new Map<string, string>();
	for (const line of text.split(/\r?\n/)) {
		const m = /^\s*([^:]{2,40}):\s*(.*)$/.exec(line);
		if (m) lines.set(m[1].trim().toLowerCase(), m[2]);
	}
	const out: CustomFields = { rawText: text };
	for (const field of fields)
		out[field.slug] = valueOf(field, lines.get(field.label.toLowerCase()));
	return out;
}

const NAMES = [
	'Ada Quinn',
	'Ravi Patel',
	'Mei Chen',
	'Tomás Ortega',
	'Grace Okafor',
	'Lena Fischer',
];
const PLACES = ['Leeds, UK', 'Sydney, Australia', 'Toronto, Canada', 'Austin, TX, USA'];

/** Seeded right-to-work checks, each as the text a scan of it would give. */
export function generateCustomTexts(seed: number | string, count: number): string[] {
	return Array.from({ length: count }, (_, i) => {
		const random = new Random(seed, `custom:${i}`);
		const visa = random.pick(VISA_TYPES);
		const lines = [
			'RIGHT TO WORK CHECK',
			`Holder Name: ${random.pick(NAMES)}`,
			`Document Number: RTW${100000 + random.int(0, 899999)}`,
			`Visa Type: ${visa.label}`,
			`Expiry Date: ${2026 + random.int(1, 5)}-0${random.int(1, 9)}-1${random.int(0, 9)}`,
			`Issuing Country: United Kingdom`,
			`Holder Address: ${random.pick(PLACES)}`,
		];
		// Some checks say nothing of restrictions: that field is then null.
		if (random.chance(0.5)) lines.push('Work Restrictions: 20 hours a week in term time');
		return lines.join('\n');
	});
}
