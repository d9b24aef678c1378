// The seeded generator of realistic resumes and job descriptions. Same seed, same documents:
// every draw comes from a named Random stream, and dates count back from a fixed reference month
// rather than from today.

import { Random } from '../random';
import type { EducationLevel } from '../search-body';
import {
	classificationFor,
	educationLevelFor,
	isoDate,
	languageCode,
	locationFromPlace,
	managementLevelForTitle,
	monthLabel,
	type MonthIndex,
} from './normalise';
import { OCCUPATIONS, type Occupation } from './occupations';
import { renderInvoiceText, renderJobDescriptionText, renderResumeText } from './render';
import type {
	InvoiceFields,
	JobDescriptionFields,
	ResumeData,
	ResumeEducation,
	ResumeWorkExperience,
} from './types';
import {
	CERTIFICATIONS,
	COMPANIES,
	COUNTRY_LANGUAGES,
	FIRST_NAMES,
	GENERAL_SKILLS,
	INSTITUTIONS,
	LAST_NAMES,
	PLACES,
	SCHOOLS,
	WORK_RIGHTS,
	type Place,
} from './vocabulary';

const OCCUPATION_WEIGHTS = OCCUPATIONS.map((o) => o.frequency);
const PLACE_WEIGHTS = PLACES.map((p) => p.frequency);
const MANAGER_CODES = new Set([1131, 1132, 1135, 1137, 2132]);
const LOW_FORMAL_EDUCATION = new Set([3132, 4122, 5241, 7211]);

function isManagerial(title: string): boolean {
	return /\b(manager|director|head|chief|vp)\b/i.test(title);
}

/** Adds seniority to a base title according to years worked. */
function titleAtSeniority(random: Random, base: string, years: number): string {
	if (isManagerial(base)) return base;
	if (years < 2) return random.chance(0.5) ? `Junior ${base}` : base;
	if (years < 6) return base;
	if (years < 10) return `Senior ${base}`;
	return random.pick([`Senior ${base}`, `Lead ${base}`, `Principal ${base}`]);
}

function pickOccupation(random: Random, years: number): Occupation {
	for (;;) {
		const occupation = random.pickWeighted(OCCUPATIONS, OCCUPATION_WEIGHTS);
		if (!MANAGER_CODES.has(occupation.socCode) || years >= 8) return occupation;
	}
}

function phoneFor(random: Random, countryCode: string): string {
	const digits = (n: number): string => Array.from({ length: n }, () => random.int(0, 9)).join('');
	switch (countryCode) {
		case 'AU':
			return `+61 4${digits(2)} ${digits(3)} ${digits(3)}`;
		case 'US':
		case 'CA':
			return `+1 (${random.int(201, 989)}) ${digits(3)}-${digits(4)}`;
		case 'GB':
			return `+44 7${digits(3)} ${digits(6)}`;
		default:
			return `+${random.int(30, 99)} ${digits(3)} ${digits(4)}`;
	}
}

function degreeName(random: Random, level: EducationLevel, field: string): string {
	switch (level) {
		case 'school':
			return random.pick(['High School Diploma', 'Year 12 Certificate']);
		case 'certificate':
			return random.pick([`Certificate IV in ${field}`, `Diploma of ${field}`]);
		case 'bachelors':
			return random.pick([`Bachelor of ${field}`, `Bachelor of Science in ${field}`]);
		case 'masters':
			return random.chance(0.2) ? 'Master of Business Administration' : `Master of ${field}`;
		case 'doctoral':
			return `Doctor of Philosophy in ${field}`;
	}
}

const sharedSkillSources: Array<ResumeData['skills'][number]['sources']> = [];

/** `[{section: 'Skills', position}]`, shared and frozen: every generated skill has one. */
function skillSources(position: number): ResumeData['skills'][number]['sources'] {
	sharedSkillSources[position] ??= Object.freeze([
		Object.freeze({ section: 'Skills', position }),
	]) as ResumeData['skills'][number]['sources'];
	return sharedSkillSources[position];
}

/**
 * Records that many generated resumes hold alike are built once and frozen, so ten thousand
 * resumes allocate (and the garbage collector copies) far fewer objects. Edits never reach inside
 * them: they replace a whole entry.
 */
function shared<T>(cache: Map<string, T>, key: string, build: () => T): T {
	let value = cache.get(key);
	if (value === undefined) {
		value = Object.freeze(build());
		cache.set(key, value);
	}
	return value;
}

const accreditations = new Map<string, NonNullable<ResumeEducation['accreditation']>>();
const accreditationFor = (name: string) =>
	shared(accreditations, name, () => ({
		education: name,
		inputStr: name,
		matchStr: name,
		educationLevel: educationLevelFor(name),
	}));

const occupations = new Map<string, ResumeWorkExperience['occupation']>();
const occupationOf = (title: string, baseTitle: string, socCode: number) =>
	shared(occupations, `${title}|${baseTitle}|${socCode}`, () => ({
		jobTitle: title,
		jobTitleNormalized: baseTitle,
		emsiId: null,
		managementLevel: managementLevelForTitle(title),
		classification: classificationFor(socCode),
	}));

export interface GeneratorOptions {
	seed: number | string;
	/** The month generated careers end in ("today" for generated data). */
	referenceMonth: MonthIndex;
}

function generateEducation(
	random: Random,
	occupation: Occupation,
	place: Place,
	careerStart: MonthIndex,
	isStudent: boolean,
	reference: MonthIndex,
): ResumeEducation[] {
	const levels: EducationLevel[] = ['school', 'certificate', 'bachelors', 'masters', 'doctoral'];
	const weights = LOW_FORMAL_EDUCATION.has(occupation.socCode)
		? [30, 50, 15, 5, 0]
		: [3, 10, 55, 25, 7];
	const highest = random.pickWeighted(levels, weights);
	const chain: EducationLevel[] =
		highest === 'masters' || highest === 'doctoral' ? [highest, 'bachelors'] : [highest];
	const institutions = INSTITUTIONS[place.countryCode] ?? INSTITUTIONS.AU;
	let completion = isStudent ? reference + random.int(3, 18) : careerStart - random.int(0, 8);
	return chain.map((level, i) => {
		const field = random.pick(occupation.studyFields);
		const name = degreeName(random, level, field);
		const organization = level === 'school' ? random.pick(SCHOOLS) : random.pick(institutions);
		const current = isStudent && i === 0;
		const years =
			level === 'doctoral' ? 4 : level === 'masters' ? 2 : level === 'certificate' ? 1 : 3;
		const end = completion;
		completion = end - years * 12 - random.int(0, 12);
		return {
			id: i + 1,
			organization,
			accreditation: accreditationFor(name),
			grade: null,
			location: locationFromPlace(place),
			dates: {
				completionDate: isoDate(end),
				isCurrent: current,
				startDate: isoDate(end - years * 12),
				rawText: current ? 'current' : String(Math.floor(end / 12)),
			},
		};
	});
}

/** One resume; `index` keeps records independent of each other's draws. */
function generateResume(options: GeneratorOptions, index: number): ResumeData {
	const random = new Random(options.seed, `resume:${index}`);
	const reference = options.referenceMonth;
	const years = random.pickWeighted(
		[0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 18, 22, 27],
		[3, 5, 7, 8, 8, 8, 8, 7, 7, 8, 7, 7, 5, 4, 2],
	);
	const occupation = pickOccupation(random, years);
	const place = random.pickWeighted(PLACES, PLACE_WEIGHTS);
	const first = random.pick(FIRST_NAMES);
	const last = random.pick(LAST_NAMES);
	const isStudent = years <= 2 && random.chance(0.25);

	// Work history, most recent first: `years` of work split over a few positions.
	const employed = random.chance(isStudent ? 0.5 : 0.88);
	let end = employed ? reference : reference - random.int(1, 8);
	const totalMonths = Math.max(
		years * 12 + random.int(0, 11),
		years === 0 && !isStudent ? random.int(3, 11) : 0,
	);
	const positions =
		totalMonths === 0 ? 0 : Math.max(1, Math.min(4, random.int(1, 1 + Math.floor(years / 3))));
	const career: ResumeWorkExperience[] = [];
	let remaining = totalMonths;
	let baseTitle = random.pick(occupation.titles);
	for (let i = 0; i < positions; i++) {
		const months =
			i === positions - 1
				? remaining
				: Math.max(6, Math.round(remaining * (0.3 + random.next() * 0.4)));
		remaining -= months;
		const start = end - months;
		// Seniority as at the end of the job (or today): what its holder is called now.
		const title = titleAtSeniority(random, baseTitle, (remaining + months) / 12);
		const company = random.pick(COMPANIES);
		const isCurrent = i === 0 && employed;
		career.push({
			id: i + 1,
			jobTitle: title,
			socCode: String(occupation.socCode),
			socName: occupation.name,
			organization: company,
			industry: occupation.industry,
			location: locationFromPlace(place),
			jobDescription: `${title} at ${company}, working with ${random.sample(occupation.skills, 2).join(' and ')}.`,
			dates: {
				startDate: isoDate(start),
				endDate: isCurrent ? null : isoDate(end),
				monthsInPosition: months,
				isCurrent,
				rawText: `${monthLabel(start)} - ${isCurrent ? 'Present' : monthLabel(end)}`,
			},
			occupation: occupationOf(title, baseTitle, occupation.socCode),
		});
		end = start - random.int(0, 3);
		if (random.chance(0.15)) baseTitle = random.pick(occupation.titles);
	}
	const careerStart = career.length > 0 ? end : reference - 6;

	// Occupations share some skills with the general list; a skill is listed once.
	const skillNames = [
		...new Set([
			...random.sample(occupation.skills, random.int(5, 10)),
			...random.sample(GENERAL_SKILLS, random.int(0, 2)),
		]),
	];
	const lastUsed = isoDate(employed ? reference : reference - 3);
	const skills = skillNames.map((name, i) => ({
		id: i + 1,
		emsiId: null,
		name,
		lastUsed,
		numberOfMonths: Math.max(1, Math.round(totalMonths * (0.3 + random.next() * 0.7))),
		type: GENERAL_SKILLS.includes(name) ? 'Common Skill' : 'Specialized Skill',
		count: random.int(1, 4),
		weighting: Math.round(random.next() * 100) / 100,
		sources: skillSources(i),
	}));

	const englishLikely = ['AU', 'NZ', 'US', 'CA', 'GB', 'IE', 'SG', 'PH', 'IN'].includes(
		place.countryCode,
	);
	const languages: string[] = [];
	if (random.chance(englishLikely ? 0.97 : 0.75)) languages.push('English');
	if (random.chance(0.4) || languages.length === 0) {
		languages.push(random.pick(COUNTRY_LANGUAGES[place.countryCode] ?? ['French']));
	}
	const uniqueLanguages = [...new Set(languages)];

	const currentTitle = career[0]?.jobTitle ?? `${occupation.studyFields[0]} Student`;
	const salaryFactor = Math.min(2, 0.6 + years * 0.06);
	const resume: ResumeData = {
		name: { raw: `${first} ${last}`, first, last, middle: '', title: '' },
		phoneNumbers: [phoneFor(random, place.countryCode)],
		websites: [],
		emails: [`${first}.${last}${index % 97}@example.com`.toLowerCase().replace(/'/g, '')],
		dateOfBirth: null,
		location: locationFromPlace(place),
		objective: null,
		languages: uniqueLanguages,
		languageCodes: uniqueLanguages.map(languageCode),
		summary: `${currentTitle} with ${years} years of experience in ${occupation.industry.toLowerCase()}.`,
		totalYearsExperience: Math.floor(totalMonths / 12),
		headShot: null,
		education: generateEducation(random, occupation, place, careerStart, isStudent, reference),
		profession: currentTitle,
		linkedin: random.chance(0.6)
			? `linkedin.com/in/${first}-${last}-${index}`.toLowerCase().replace(/'/g, '')
			: null,
		workExperience: career,
		skills,
		certifications: random.chance(0.25) ? [random.pick(CERTIFICATIONS)] : [],
		publications: [],
		referees: [],
		isResumeProbability: 97,
		rawText: '',
		isAvailable: random.chance(0.6),
		expectedSalary:
			Math.round((occupation.salary * salaryFactor * (0.85 + random.next() * 0.3)) / 1000) * 1000,
		noticePeriodWeeks: random.pick([0, 1, 2, 4, 4, 4, 8, 12]),
		workRights: random.pickWeighted(WORK_RIGHTS, [50, 25, 15, 10]),
	};
	resume.rawText = renderResumeText(resume);
	return resume;
}

export function generateResumes(options: GeneratorOptions, count: number): ResumeData[] {
	const out = new Array<ResumeData>(count);
	for (let i = 0; i < count; i++) out[i] = generateResume(options, i);
	return out;
}

const CURRENCY: Record<string, string> = {
	AU: 'AUD',
	NZ: 'NZD',
	US: 'USD',
	CA: 'CAD',
	GB: 'GBP',
	IE: 'EUR',
	DE: 'EUR',
	FR: 'EUR',
	SG: 'SGD',
	IN: 'INR',
	PH: 'PHP',
};

function generateJobDescription(options: GeneratorOptions, index: number): JobDescriptionFields {
	const random = new Random(options.seed, `job-description:${index}`);
	const level = random.pickWeighted([0, 1, 2, 3], [2, 5, 4, 2]);
	const minimumYears = [0, 2, 5, 8][level];
	const occupation = pickOccupation(random, minimumYears + 3);
	const title = titleAtSeniority(random, random.pick(occupation.titles), minimumYears);
	const place = random.pickWeighted(PLACES, PLACE_WEIGHTS);
	const company = random.pick(COMPANIES);
	const field = random.pick(occupation.studyFields);
	const educationLevel: EducationLevel = LOW_FORMAL_EDUCATION.has(occupation.socCode)
		? 'certificate'
		: random.chance(0.8)
			? 'bachelors'
			: 'masters';
	const salary = Math.round((occupation.salary * (0.7 + level * 0.2)) / 1000) * 1000;
	const contact = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
	const jd: JobDescriptionFields = {
		jobTitle: {
			name: title,
			managementLevel: managementLevelForTitle(title),
			classification: classificationFor(occupation.socCode),
		},
		contactEmail: `careers@${company.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
		contactName: contact,
		contactPhone: phoneFor(random, place.countryCode),
		startDate: isoDate(options.referenceMonth + random.int(1, 3)),
		endDate: null,
		jobType: random.pickWeighted(['Full-time', 'Part-time', 'Contract'], [8, 1, 2]),
		languages: random.chance(0.15)
			? ['English', random.pick(COUNTRY_LANGUAGES[place.countryCode] ?? ['French'])]
			: ['English'],
		skills: random.sample(occupation.skills, random.int(5, 8)),
		organizationName: company,
		organizationWebsite: `https://www.${company.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
		educationLevel,
		educationAccreditation: degreeName(random, educationLevel, field),
		expectedRemuneration: {
			minimum: salary,
			maximum: Math.round(salary * 1.2),
			currency: CURRENCY[place.countryCode] ?? 'USD',
			unit: 'year',
		},
		location: locationFromPlace(place),
		certifications: [],
		yearsExperience: { minimum: minimumYears, maximum: minimumYears + random.int(3, 5) },
		rawText: '',
	};
	jd.rawText = renderJobDescriptionText(jd);
	return jd;
}

export function generateJobDescriptions(
	options: GeneratorOptions,
	count: number,
): JobDescriptionFields[] {
	return Array.from({ length: count }, (_, i) => generateJobDescription(options, i));
}

/** A few invoices, so the annotation operations have a non-resume document to work on. */
export function generateInvoices(options: GeneratorOptions, count: number): InvoiceFields[] {
	return Array.from({ length: count }, (_, i) => {
		const random = new Random(options.seed, `invoice:${i}`);
		const subtotal = random.int(200, 9000) + random.int(0, 99) / 100;
		const tax = Math.round(subtotal * 10) / 100;
		const issued = options.referenceMonth - random.int(0, 5);
		const invoice: InvoiceFields = {
			invoiceNumber: `INV-${String(10000 + i * 37 + random.int(0, 30))}`,
			invoiceDate: isoDate(issued, random.int(1, 28)),
			dueDate: isoDate(issued + 1, random.int(1, 28)),
			supplierName: random.pick(COMPANIES),
			customerName: random.pick(COMPANIES),
			subtotal,
			totalTax: tax,
			totalAmount: Math.round((subtotal + tax) * 100) / 100,
			currency: 'AUD',
			rawText: '',
		};
		invoice.rawText = renderInvoiceText(invoice);
		return invoice;
	});
}
