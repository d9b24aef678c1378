// Validation results: what a document type's validation rules say of a document. Resumes have the
// rules below; each result is worked out from the document's data as it is now, so it follows
// every annotation change or update_data. Other kinds of document have no rules here.

import type { AnnotationRecord } from './annotations';
import type { ResumeData } from './data/types';
import type { Store, StoredDocument } from './store';

interface Rule {
	slug: string;
	/** The data points whose annotations the rule reads. */
	dataPoints: readonly string[];
	/** Whether the resume passes; null when the rule does not apply to it. */
	passes: (data: ResumeData) => boolean | null;
	message: string;
}

const filled = (values: unknown[] | undefined): boolean =>
	(values ?? []).some((value) => typeof value === 'string' && value.trim() !== '');

export const RESUME_RULES: readonly Rule[] = [
	{
		slug: 'email-present',
		dataPoints: ['emails'],
		passes: (data) => filled(data.emails),
		message: 'The resume has no email address.',
	},
	{
		slug: 'phone-present',
		dataPoints: ['phoneNumbers'],
		passes: (data) => filled(data.phoneNumbers),
		message: 'The resume has no phone number.',
	},
	{
		slug: 'name-present',
		dataPoints: ['name'],
		passes: (data) => filled([data.name?.raw]),
		message: "The resume has no candidate's name.",
	},
];

/** The document's validation results as the service lists them (ValidationResult). */
export function validationResultsOf(store: Store, doc: StoredDocument) {
	if (doc.extractor !== 'resume' || !doc.data || !store.isReady(doc) || doc.failed) return [];
	const data = doc.data as ResumeData;
	const annotations = store.annotationsOf(doc);
	return RESUME_RULES.map((rule) => {
		const passed = rule.passes(data);
		return {
			id: store.validationResultId(doc, rule.slug),
			annotations: annotations
				.filter((a: AnnotationRecord) => rule.dataPoints.includes(a.dataPoint))
				.map((a) => a.id),
			passed,
			ruleSlug: rule.slug,
			message: passed === false ? rule.message : '',
			document: doc.identifier,
		};
	});
}
