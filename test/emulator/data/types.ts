// The parsed data of each document kind, in the service's field names (ResumeData,
// JobDescriptionData, an invoice's fields). Generated and uploaded documents share these shapes.

import type { EducationLevel, ManagementLevel } from '../search-body';

export interface Location {
	formatted: string | null;
	postalCode: string | null;
	state: string | null;
	stateCode: string | null;
	country: string | null;
	countryCode: string | null;
	rawInput: string;
	streetNumber: string | null;
	street: string | null;
	apartmentNumber: string | null;
	city: string | null;
	latitude: number | null;
	longitude: number | null;
	poBox: string | null;
}

export interface ResumeEducation {
	id: number;
	organization: string | null;
	accreditation: {
		education: string;
		inputStr: string;
		matchStr: string | null;
		educationLevel: EducationLevel | null;
	} | null;
	grade: { raw: string; metric: string | null; value: string } | null;
	location: Location | null;
	dates: {
		completionDate: string | null;
		isCurrent: boolean;
		startDate: string | null;
		rawText: string;
	} | null;
}

export interface OccupationClassification {
	title: string;
	minorGroup: string;
	subMajorGroup: string;
	majorGroup: string;
	socCode: number;
	minorGroupCode: number;
	subMajorGroupCode: number;
	majorGroupCode: number;
}

export interface ResumeWorkExperience {
	id: number;
	jobTitle: string | null;
	socCode: string | null;
	socName: string | null;
	organization: string | null;
	industry: string | null;
	location: Location | null;
	jobDescription: string | null;
	dates: {
		startDate: string | null;
		endDate: string | null;
		monthsInPosition: number | null;
		isCurrent: boolean;
		rawText: string;
	} | null;
	occupation: {
		jobTitle: string | null;
		jobTitleNormalized: string | null;
		emsiId: string | null;
		managementLevel: ManagementLevel | null;
		classification: OccupationClassification | null;
	};
}

export interface ResumeSkill {
	id: number;
	emsiId: string | null;
	name: string;
	lastUsed: string | null;
	numberOfMonths: number | null;
	type: string;
	count: number | null;
	weighting: number | null;
	sources: Array<{ section: string; position: number | null; workExperienceId?: number | null }>;
}

/** The service's ResumeData; custom data points appear as extra top-level keys. */
export interface ResumeData {
	name: { raw: string; first: string; last: string; middle: string; title: string } | null;
	phoneNumbers: string[];
	websites: string[];
	emails: string[];
	dateOfBirth: string | null;
	location: Location | null;
	objective: string | null;
	languages: string[];
	languageCodes: string[];
	summary: string | null;
	totalYearsExperience: number | null;
	headShot: null;
	education: ResumeEducation[];
	profession: string | null;
	linkedin: string | null;
	workExperience: ResumeWorkExperience[];
	skills: ResumeSkill[];
	certifications: string[];
	publications: string[];
	referees: Array<Record<string, unknown>>;
	isResumeProbability: number | null;
	rawText: string;
	[customField: string]: unknown;
}

/**
 * A job description's values, plain. On the wire (non-compact) each value is wrapped in an
 * annotation object, as JobDescriptionData shows.
 */
export interface JobDescriptionFields {
	jobTitle: {
		name: string | null;
		managementLevel: ManagementLevel | null;
		classification: OccupationClassification | null;
	} | null;
	contactEmail: string | null;
	contactName: string | null;
	contactPhone: string | null;
	startDate: string | null;
	endDate: string | null;
	jobType: string | null;
	languages: string[];
	skills: string[];
	organizationName: string | null;
	organizationWebsite: string | null;
	educationLevel: EducationLevel | null;
	educationAccreditation: string | null;
	expectedRemuneration: {
		minimum: number | null;
		maximum: number | null;
		currency: string | null;
		unit: string | null;
	} | null;
	location: Location | null;
	certifications: string[];
	yearsExperience: { minimum: number | null; maximum: number | null } | null;
	rawText: string;
	[customField: string]: unknown;
}

export interface InvoiceFields {
	invoiceNumber: string | null;
	invoiceDate: string | null;
	dueDate: string | null;
	supplierName: string | null;
	customerName: string | null;
	subtotal: number | null;
	totalTax: number | null;
	totalAmount: number | null;
	currency: string | null;
	rawText: string;
	[customField: string]: unknown;
}

/** Extractor names, as Document.extractor reports them; `custom` is a customer's own type (views.ts names it). */
export type ExtractorName = 'resume' | 'job-description' | 'invoice' | 'custom';

/** The custom data points resumes carry (searchable through customData filters). */
export const CUSTOM_DATA_POINTS = [
	{ slug: 'isAvailable', label: 'Is available', type: 'boolean' },
	{ slug: 'expectedSalary', label: 'Expected salary', type: 'decimal' },
	{ slug: 'noticePeriodWeeks', label: 'Notice period (weeks)', type: 'integer' },
	{ slug: 'workRights', label: 'Work rights', type: 'text' },
] as const;
export type CustomDataPoint = (typeof CUSTOM_DATA_POINTS)[number];
