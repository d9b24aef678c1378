/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The emulator's schema step must say what the service's published schema says, in both
// directions: every body the schema accepts passes, every body it refuses is refused, at the same
// places. Bodies are drawn at random from the schema itself (test/fixtures/openapi/), valid or
// broken in one or two places, with fixed seeds so every run draws the same ones. The verdicts
// come from test/helpers/openapi-schema.ts, which shares no code with the emulator.
//
// The rules a body must also meet beyond its schema (searchBodyRuleErrors, and what only the data
// can tell) are tested in validation.test.ts.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { fixturesDir } from './paths';
import { Random } from './random';
import { searchBodySchema, type ApiVersion, type SearchBodyKind } from './search-body';
import { validate } from './validation';
import {
	drawBroken,
	drawValid,
	resolve,
	violations,
	type OpenApiDocument,
} from '../helpers/openapi-schema';
import { SPEC_MATCH_DETAIL_FIELDS, SPEC_RESUME_SEARCH_FIELDS } from '../helpers/spec-fields';

const V3: OpenApiDocument = JSON.parse(
	readFileSync(join(fixturesDir(), 'openapi', 'search-bodies.json'), 'utf8'),
);

/**
 * The v2 paths of the specification take the same bodies but for one field of the customData
 * filter: `dataPoint` is a required string and there is no `field` (CONTRACT.md, "v2 and v3").
 */
function v2Of(v3: OpenApiDocument): OpenApiDocument {
	const document = structuredClone(v3);
	const filter = document.components.schemas.SearchParametersCustomData;
	filter.required = [...(filter.required ?? []), 'dataPoint'];
	filter.properties = { ...filter.properties, dataPoint: { type: 'string' } };
	delete filter.properties.field;
	return document;
}

const DOCUMENTS: Record<ApiVersion, OpenApiDocument> = { v2: v2Of(V3), v3: V3 };
/** Each body the emulator reads, and the published schema it must agree with. */
const BODY_SCHEMAS: Record<SearchBodyKind, string> = {
	// Resume search and the resume search detail.
	resumeSearch: 'ResumeSearchParameters',
	// Job description search and its detail share one published schema.
	jobDescriptionDetail: 'JobDescriptionSearchParameters',
	jobDescriptionSearch: 'JobDescriptionSearchParameters',
};
/** Bodies drawn per body kind and version. */
const DRAWS = 600;

const cases = (['resumeSearch', 'jobDescriptionDetail', 'jobDescriptionSearch'] as const).flatMap(
	(kind) => (['v2', 'v3'] as const).map((version) => [kind, version] as const),
);

it("has exactly the specification's fields in both published bodies", () => {
	const fieldsOf = (name: string) =>
		Object.keys(resolve(V3.components.schemas[name], V3).properties ?? {}).sort();
	expect(fieldsOf(BODY_SCHEMAS.resumeSearch)).toEqual([...SPEC_RESUME_SEARCH_FIELDS].sort());
	expect(fieldsOf(BODY_SCHEMAS.jobDescriptionDetail)).toEqual([...SPEC_MATCH_DETAIL_FIELDS].sort());
	expect(fieldsOf(BODY_SCHEMAS.jobDescriptionSearch)).toEqual([...SPEC_MATCH_DETAIL_FIELDS].sort());
});

describe.each(cases)('%s body (%s)', (kind, version) => {
	const document = DOCUMENTS[version];
	const published = document.components.schemas[BODY_SCHEMAS[kind]];
	const emulated = searchBodySchema(kind, version);
	const seed = 15_000 + cases.findIndex(([k, v]) => k === kind && v === version);

	it(`agrees with the published schema on ${DRAWS} random bodies, valid and broken (seed ${seed})`, () => {
		const random = new Random(seed, 'schema-agreement');
		const disagreements: string[] = [];
		let accepted = 0;
		for (let draw = 0; draw < DRAWS; draw++) {
			const valid = drawValid(published, document, random);
			const body = random.chance(0.35)
				? valid
				: drawBroken(valid, published, document, random, random.pick([1, 1, 2]));
			const expected = [...new Set(violations(body, published, document))].sort();
			const found = [...new Set(validate(body, emulated).map((error) => error.attr))].sort();
			if (expected.length === 0) accepted++;
			if (JSON.stringify(found) !== JSON.stringify(expected)) {
				disagreements.push(
					`draw ${draw}: ${JSON.stringify(body)}\n  schema refuses at [${expected.join(', ')}], emulator at [${found.join(', ')}]`,
				);
			}
		}
		expect(disagreements.slice(0, 5).join('\n')).toBe('');
		// Both directions were exercised, not just one.
		expect(accepted).toBeGreaterThan(DRAWS * 0.25);
		expect(DRAWS - accepted).toBeGreaterThan(DRAWS * 0.25);
	});
});
