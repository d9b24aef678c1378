// Job description and invoice text into their fields, and the classifier that picks a document's
// kind when the upload names no document type.

import {
	classificationForTitle,
	educationLevelFor,
	findPlace,
	managementLevelForTitle,
	placeLocation,
} from '../data/normalise';
import type { ExtractorName, InvoiceFields, JobDescriptionFields } from '../data/types';
import { languagesMentioned, skillsMentioned } from './resume-parser';

function labelled(lines: string[], labels: string): string | null {
	const pattern = new RegExp(`^(?:${labels})\\s*:\\s*(.+)$`, 'i');
	for (const line of lines) {
		const m = pattern.exec(line);
		if (m) return m[1].trim();
	}
	return null;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const PHONE = /\+?\d[\d\s().-]{7,}\d/;

export function parseJobDescriptionText(text: string): JobDescriptionFields {
	const lines = text
		.split(/\r?\n/)
		.map((l) => l.trim())
		.filter(Boolean);
	const title = labelled(lines, 'job title|position|role|title') ?? lines[0] ?? null;
	const organization =
		labelled(lines, 'company|organisation|organization|employer') ??
		/\bjoin\s+([A-Z][\w&.' ]+?)(?:[.,!]|\s+as\b|$)/m.exec(text)?.[1] ??
		null;
	const locationText = labelled(lines, 'location|based in|office');
	const place = locationText
		? placeLocation(locationText)
		: findPlace(text)
			? placeLocation(findPlace(text)?.city ?? '')
			: null;
	const range = /(\d+)\s*(?:-|–|to)\s*(\d+)\s*\+?\s*years/i.exec(text);
	const atLeast = /(\d+)\s*\+?\s*years/i.exec(text);
	const educationLine = lines.find(
		(l) => l !== title && educationLevelFor(l) !== null && !/^(job title|position)/i.test(l),
	);
	const salary =
		/(AUD|USD|NZD|GBP|EUR|CAD|SGD|INR|PHP|\$)\s?([\d,]+)(k?)\s*(?:-|–|to)\s*(?:AUD|USD|NZD|GBP|EUR|CAD|SGD|INR|PHP|\$)?\s?([\d,]+)(k?)/i.exec(
			text,
		);
	const amount = (digits: string, k: string): number =>
		Number(digits.replace(/,/g, '')) * (k ? 1000 : 1);
	const contactLine =
		labelled(lines, 'contact|apply to') ??
		lines[lines.findIndex((l) => /^contact$/i.test(l)) + 1] ??
		null;
	return {
		jobTitle: title
			? {
					name: title,
					managementLevel: managementLevelForTitle(title),
					classification: classificationForTitle(title),
				}
			: null,
		contactEmail: EMAIL.exec(text)?.[0] ?? null,
		contactName:
			contactLine?.split(/\s*\|\s*/).find((p) => !EMAIL.test(p) && !PHONE.test(p)) ?? null,
		contactPhone: contactLine ? (PHONE.exec(contactLine)?.[0] ?? null) : null,
		startDate: null,
		endDate: null,
		jobType:
			/\b(full[- ]time|part[- ]time|contract|casual|temporary|internship)\b/i.exec(text)?.[1] ??
			null,
		languages: languagesMentioned(text),
		skills: skillsMentioned(text),
		organizationName: organization,
		organizationWebsite: /\bhttps?:\/\/[^\s]+/.exec(text)?.[0] ?? null,
		educationLevel: educationLine ? educationLevelFor(educationLine) : null,
		educationAccreditation: educationLine
			? educationLine
					.replace(/^[-*•]\s*/, '')
					.replace(/\s+or equivalent.*$/i, '')
					.trim()
			: null,
		expectedRemuneration: salary
			? {
					minimum: amount(salary[2], salary[3]),
					maximum: amount(salary[4], salary[5]),
					currency: salary[1] === '$' ? 'USD' : salary[1].toUpperCase(),
					unit: /per hour|hourly/i.test(text) ? 'hour' : 'year',
				}
			: null,
		location: place,
		certifications: [],
		yearsExperience: range
			? { minimum: Number(range[1]), maximum: Number(range[2]) }
			: atLeast
				? { minimum: Number(atLeast[1]), maximum: null }
				: null,
		rawText: text,
	};
}

export function parseInvoiceText(text: string): InvoiceFields {
	const lines = text
		.split(/\r?\n/)
		.map((l) => l.trim())
		.filter(Boolean);
	const money = (labels: string): number | null => {
		const value = labelled(lines, labels);
		const digits = value?.replace(/[^\d.]/g, '');
		return digits ? Number(digits) : null;
	};
	const dateOf = (labels: string): string | null => {
		const value = labelled(lines, labels);
		const parsed = value ? Date.parse(value) : NaN;
		return Number.isNaN(parsed) ? value : new Date(parsed).toISOString().slice(0, 10);
	};
	return {
		invoiceNumber: labelled(lines, 'invoice number|invoice no\\.?|invoice #'),
		invoiceDate: dateOf('invoice date|date'),
		dueDate: dateOf('due date|payment due'),
		supplierName: lines.find((l) => !/invoice/i.test(l)) ?? null,
		customerName: labelled(lines, 'bill to|customer|billed to'),
		subtotal: money('subtotal|sub-total'),
		totalTax: money('tax|gst|vat'),
		totalAmount: money('total|amount due|total due'),
		currency: /\b(AUD|USD|NZD|GBP|EUR|CAD|SGD)\b/.exec(text)?.[1] ?? null,
		rawText: text,
	};
}

const SIGNALS: Record<ExtractorName, RegExp[]> = {
	resume: [
		/\b(work )?experience\b/i,
		/\beducation\b/i,
		/\bskills\b/i,
		/\b(19|20)\d{2}\s*[-–]\s*(present|(19|20)\d{2})/i,
		/\blinkedin\b/i,
		/\b(summary|profile)\b/i,
	],
	'job-description': [
		/\brequirements\b/i,
		/\bresponsibilities\b/i,
		/\bwe are looking for\b/i,
		/\babout the role\b/i,
		/\bapply\b/i,
		/\bjob (type|title)\b/i,
		/\bsalary\b/i,
	],
	custom: [/\bright to work\b/i, /\bvisa\b/i, /\bexpiry date\b/i, /\bdocument number\b/i],
	invoice: [
		/\binvoice\b/i,
		/\bbill to\b/i,
		/\bsubtotal\b/i,
		/\bamount due\b/i,
		/\btax invoice\b/i,
		/\bdue date\b/i,
	],
};

/** The document kind the text reads most like, among those allowed (a resume on a tie). */
export function classifyText(text: string, allowed: readonly ExtractorName[]): ExtractorName {
	let best = allowed[0];
	let bestScore = -1;
	for (const kind of allowed) {
		const score = SIGNALS[kind].filter((signal) => signal.test(text)).length;
		if (score > bestScore) {
			best = kind;
			bestScore = score;
		}
	}
	return best;
}
