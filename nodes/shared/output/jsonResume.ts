import type { IDataObject } from 'n8n-workflow';

import { careerOf, resumeData } from './cv';
import * as resume from './resume';
import { Evidence, field, isObject, listOf, text, unwrap } from './values';

/**
 * A resume as a JSON Resume document (jsonresume.org; the schema published as
 * `@jsonresume/schema`): basics, work, education, skills, languages, certificates. The schema has
 * no nulls, so a value the CV lacks is left out; Affinda's identifier is kept under `meta`, which
 * the schema leaves open.
 */

/** JSON Resume's dates: YYYY, YYYY-MM or YYYY-MM-DD. */
const ISO_DATE = /^[1-2]\d{3}(-[0-1]\d(-[0-3]\d)?)?$/;

function date(value: string | null): string | null {
	return value !== null && ISO_DATE.test(value) ? value : null;
}

/**
 * A web address, or null: a CV's links reach pages and apps that render them as links, so only
 * http(s) is kept (never javascript:, data: and the like); one written without a scheme (a bare
 * host, `host:port/…` too) gets `https://`.
 */
function uri(value: string | null): string | null {
	if (value === null || /\s/.test(value)) return null;
	const scheme = /^([a-z][a-z\d+.-]*):(?!\d)/i.exec(value)?.[1].toLowerCase();
	if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return null;
	const link = scheme === undefined ? `https://${value}` : value;
	try {
		return /^https?:$/.test(new URL(link).protocol) ? link : null;
	} catch {
		return null;
	}
}

/** The object without its empty members (null, empty text, empty lists or objects). */
function present(object: IDataObject): IDataObject | undefined {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(object)) {
		if (value === null || value === undefined || value === '') continue;
		if (Array.isArray(value) && value.length === 0) continue;
		if (isObject(value) && Object.keys(value).length === 0) continue;
		out[key] = value;
	}
	return Object.keys(out).length === 0 ? undefined : out;
}

function presentEach(objects: IDataObject[]): IDataObject[] {
	return objects.map(present).filter((o): o is IDataObject => o !== undefined);
}

/** The first web address that is not LinkedIn (legacy `websites[]`, NextGen `website[].url`). */
function homepage(data: IDataObject): string | null {
	for (const entry of listOf(data.website ?? data.websites)) {
		const inner = unwrap(entry);
		const url = uri(text(isObject(inner) ? field(inner, ['url', 'websiteUrl', 'value']) : inner));
		if (url && !/linkedin\./i.test(url)) return url;
	}
	return null;
}

export function jsonResumeOf(document: IDataObject): IDataObject {
	const data = resumeData(document, 'JSON Resume');
	const meta = isObject(document.meta) ? document.meta : {};
	const none = new Evidence();
	const place = (part: string) => resume.locationPart(data, part, none);
	const linkedin = uri(resume.linkedin(data, none));
	const { positions, degrees, certificates } = careerOf(data);
	return present({
		basics: present({
			name: resume.fullName(data, none),
			label: resume.currentJobTitle(data, none),
			email: resume.email(data, none),
			phone: resume.phone(data, none),
			url: homepage(data),
			summary: resume.summary(data, none),
			location: present({
				city: place('city'),
				region: place('state'),
				postalCode: place('postalCode'),
				countryCode: place('countryCode'),
			}),
			profiles: linkedin
				? [
						present({
							network: 'LinkedIn',
							username: /\/in\/([^/?#]+)/.exec(linkedin)?.[1] ?? null,
							url: linkedin,
						}),
					]
				: [],
		}),
		work: presentEach(
			positions.map((p) => ({
				name: p.employer,
				position: p.jobTitle,
				location: p.location,
				startDate: date(p.startDate),
				endDate: date(p.endDate),
				summary: p.description,
			})),
		),
		education: presentEach(
			degrees.map((d) => ({
				institution: d.institution,
				studyType: d.degree ?? d.level,
				startDate: date(d.startDate),
				endDate: date(d.endDate),
				score: d.grade,
			})),
		),
		skills: resume.skills(data, none).map((name) => ({ name })),
		languages: resume.languages(data, none).map((language) => ({ language })),
		certificates: presentEach(
			certificates.map((c) => ({ name: c.name, issuer: c.issuer, date: date(c.date) })),
		),
		meta: present({ affindaIdentifier: text(meta.identifier) }),
	}) as IDataObject;
}

/** JSON Resume: one item per resume. */
export function jsonResumeItems(document: IDataObject): IDataObject[] {
	return [jsonResumeOf(document)];
}
