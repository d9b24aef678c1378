// A document's life after parsing: its redacted PDF, documents created from data (no file), and
// the organization's usage (credits a day). Review steps (PATCH) are in documents.ts.

import type { App } from '../app';
import { renderJobDescriptionText, renderResumeText } from '../data/render';
import type { JobDescriptionFields, ResumeData } from '../data/types';
import { fieldError, notFound, queryValue, validationError, type ErrorItem } from '../http';
import { parseJobDescriptionText } from '../parsing/document-parsers';
import { writePdf } from '../parsing/pdf';
import { parseResumeText } from '../parsing/resume-parser';
import type { RequestContext, Reply, Router } from '../router';
import type { StoredDocument } from '../store';
import { updatedData } from '../update-data';
import { announce } from '../uploads';
import { usageReport } from '../usage';
import { documentView } from '../views';

/* ------------------------------------------------------------------ redacted */

const REDACTED = '[REDACTED]';

/** What a resume's redaction hides: the candidate's name and every way to reach or find them. */
function personalDetails(resume: ResumeData): string[] {
	const { name, location } = resume;
	const details = [
		name?.raw,
		name?.first,
		name?.middle,
		name?.last,
		...resume.emails,
		...resume.phoneNumbers,
		...resume.websites,
		resume.linkedin,
		location?.rawInput,
		location?.formatted,
		resume.dateOfBirth,
	];
	// Longest first, so "Jane Doe" goes before "Jane" leaves "Doe" behind.
	return details
		.filter((detail): detail is string => typeof detail === 'string' && detail.trim().length > 1)
		.sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The resume's text with its personal details, and anything shaped like an email or phone, blacked out. */
export function redactText(resume: ResumeData): string {
	let text = resume.rawText;
	for (const detail of personalDetails(resume)) {
		text = text.replace(new RegExp(escapeRegExp(detail), 'gi'), REDACTED);
	}
	return text
		.replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, REDACTED)
		.replace(/\+?\d[\d\s().-]{7,}\d/g, REDACTED);
}

/**
 * GET /v3/documents/{identifier}/redacted: a PDF of the resume without the candidate's name and
 * contact details (OAS3 answers application/pdf). Only resumes are redacted, once parsed.
 */
function redactedDocument(app: App) {
	return (ctx: RequestContext): Reply => {
		const doc = app.store.requireDocument(ctx.params.identifier);
		if (doc.extractor !== 'resume') {
			throw fieldError(
				'non_field_errors',
				'invalid',
				`Document ${doc.identifier} is a "${doc.extractor}" document; only resumes are redacted.`,
			);
		}
		if (!app.store.isReady(doc) || doc.failed || !doc.data) {
			throw fieldError(
				'non_field_errors',
				'invalid',
				`Document ${doc.identifier} has no parsed data to redact (${doc.failed ? 'parsing failed' : 'still parsing'}).`,
			);
		}
		return {
			status: 200,
			bytes: writePdf(redactText(doc.data as ResumeData), 'Redacted resume'),
			contentType: 'application/pdf',
		};
	};
}

/* ------------------------------------------------------------- from data */

/** Fields only a job description has (JobDescriptionData, OAS3): they tell the two kinds apart. */
const JOB_DESCRIPTION_ONLY = [
	'jobTitle',
	'contactEmail',
	'contactName',
	'contactPhone',
	'startDate',
	'endDate',
	'jobType',
	'organizationName',
	'organizationWebsite',
	'educationLevel',
	'educationAccreditation',
	'expectedRemuneration',
	'yearsExperience',
];

/**
 * POST /v3/documents/create_from_data: `{data}` (DocumentCreateFromData, OAS3) becomes a ready
 * resume or job description, without a file and without parsing. The body names no workspace:
 * the document goes to the organization's first workspace that takes its kind.
 */
function createFromData(app: App) {
	return (ctx: RequestContext): Reply => {
		const { store } = app;
		const body = ctx.json();
		const data =
			typeof body === 'object' && body !== null && !Array.isArray(body)
				? (body as Record<string, unknown>).data
				: undefined;
		if (data === undefined) throw fieldError('data', 'required', 'This field is required.');
		if (typeof data !== 'object' || data === null || Array.isArray(data)) {
			throw fieldError('data', 'invalid', 'Expected a dictionary of items.');
		}
		if (Object.keys(data).length === 0) {
			throw fieldError('data', 'invalid', 'Resume or job description data must not be empty.');
		}
		const isJobDescription = JOB_DESCRIPTION_ONLY.some((field) => field in data);
		const extractor = isJobDescription ? 'job-description' : 'resume';
		const documentType = store.documentTypes.find((type) => type.extractor === extractor);
		const workspace = store.workspaces.find((w) =>
			w.documentTypes.includes(documentType?.identifier ?? ''),
		);
		if (!documentType || !workspace) throw notFound();
		const now = new Date(app.scheduler.now()).toISOString();
		const empty = isJobDescription
			? parseJobDescriptionText('')
			: parseResumeText('', app.settings.referenceMonth);
		// Checked as update_data checks a document of that kind, before anything is stored.
		const filled = updatedData(
			{ identifier: 'new', extractor, data: empty } as StoredDocument,
			data,
		);
		(filled as { rawText?: string }).rawText = isJobDescription
			? renderJobDescriptionText(filled as JobDescriptionFields)
			: renderResumeText(filled as ResumeData);
		const doc = store.addDocument({
			identifier: store.newDocumentIdentifier(),
			extractor,
			workspace,
			documentType,
			createdDt: now,
			readyDt: now,
			data: filled,
		});
		announce(app, doc, ['document.parse.succeeded', 'document.parse.completed']);
		return { status: 201, body: documentView(store, doc, { origin: ctx.origin }) };
	};
}

/* -------------------------------------------------------------------- usage */

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateQuery(ctx: RequestContext, name: string, errors: ErrorItem[]): string | undefined {
	const value = queryValue(ctx.query, name);
	if (value === undefined) return undefined;
	if (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
		errors.push({
			attr: name,
			code: 'invalid',
			detail: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
		});
		return undefined;
	}
	return value;
}

/** GET /v3/usage: credits a day for the organization, or one workspace or document type of it. */
function getUsage(app: App) {
	return (ctx: RequestContext): Reply => {
		const { store } = app;
		const errors: ErrorItem[] = [];
		const organization = queryValue(ctx.query, 'organization');
		if (!organization)
			errors.push({ attr: 'organization', code: 'required', detail: 'This field is required.' });
		const workspace = queryValue(ctx.query, 'workspace');
		const documentType = queryValue(ctx.query, 'document_type');
		if (workspace && documentType) {
			errors.push({
				attr: 'non_field_errors',
				code: 'invalid',
				detail: 'workspace and document_type cannot be combined.',
			});
		}
		const start = dateQuery(ctx, 'start', errors);
		const end = dateQuery(ctx, 'end', errors);
		if (errors.length > 0) throw validationError(errors);
		if (organization !== store.organization.identifier) {
			throw fieldError(
				'organization',
				'does_not_exist',
				`Object with identifier=${organization} does not exist.`,
			);
		}
		if (workspace && !store.workspace(workspace)) {
			throw fieldError(
				'workspace',
				'does_not_exist',
				`Object with identifier=${workspace} does not exist.`,
			);
		}
		if (documentType && !store.documentType(documentType)) {
			throw fieldError(
				'document_type',
				'does_not_exist',
				`Object with identifier=${documentType} does not exist.`,
			);
		}
		const today = new Date(app.scheduler.now()).toISOString().slice(0, 10);
		const until = end ?? today;
		const from =
			start ??
			new Date(Date.parse(`${until}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
		if (from > until) throw fieldError('start', 'invalid', 'start must not be after end.');
		const scope = workspace
			? { scope: 'workspace' as const, scopeIdentifier: workspace }
			: documentType
				? { scope: 'documentType' as const, scopeIdentifier: documentType }
				: { scope: 'organization' as const, scopeIdentifier: organization as string };
		return { status: 200, body: usageReport(app.usage, scope, from, until) };
	};
}

export function registerLifecycleRoutes(router: Router, app: App): void {
	router.add('GET', '/v3/documents/{identifier}/redacted', redactedDocument(app));
	router.add('POST', '/v3/documents/create_from_data', createFromData(app));
	router.add('GET', '/v3/usage', getUsage(app));
}
