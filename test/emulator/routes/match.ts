// Search & Match the other way round and one pair at a time: job description search (jobs that fit
// a resume or criteria), the resume search detail (why one resume ranks where it does), the pair
// score of one resume and one job description, and skill and job title suggestions. Bodies are
// read and checked as in routes/search.ts; ranking uses the same criteria (ranking/criteria.ts).

import type { App } from '../app';
import type { JobDescriptionFields, ResumeData } from '../data/types';
import {
	fieldError,
	notFound,
	queryValue,
	validationError,
	type ErrorItem,
	type Query,
} from '../http';
import { criteriaOf } from '../ranking/criteria';
import { criteriaFromJobDescription, criteriaFromResume } from '../ranking/derive';
import { asJobProfileCriteria, jobDescriptionProfile } from '../ranking/job-description-profile';
import { explain, rank, round, totalScore } from '../ranking/rank';
import { resumeSearchDetail } from '../ranking/resume-detail';
import { compileSearchExpression } from '../ranking/search-expression';
import { suggestJobTitles, suggestSkills } from '../ranking/suggestions';
import type { Reply, RequestContext, Router } from '../router';
import type { ApiVersion, SearchBody } from '../search-body';
import type { StoredDocument } from '../store';
import {
	checkReferences,
	rankedPage,
	readSearchBody,
	resumeSearchCriteria,
	withDerived,
} from './search';

/** `limit` of job description search: the published limitParam, 1..100. */
export const JOB_DESCRIPTION_SEARCH_MAX_LIMIT = 100;

function jobDescriptionSearch(app: App, version: ApiVersion) {
	return (ctx: RequestContext): Reply => {
		const { store } = app;
		const { body, page } = readSearchBody(
			ctx,
			'jobDescriptionSearch',
			version,
			JOB_DESCRIPTION_SEARCH_MAX_LIMIT,
		);
		const { resume } = checkReferences(app, body, 'job_descriptions');
		// "Jobs for this resume" reads the resume as the job description detail does.
		const derived = resume
			? criteriaFromResume(store.profileOf(resume), (resume.data as ResumeData).location, true)
			: {};
		const criteria = criteriaOf(asJobProfileCriteria(withDerived(derived, body)));
		// Each as its index took it in, as resume search reads resumes.
		const jobs = store
			.indexed(body.indices)
			.filter(({ doc, data }) => data && store.isReady(doc) && !doc.failed)
			.map(({ doc, data }) => ({
				doc,
				data: data as JobDescriptionFields,
				profile: jobDescriptionProfile(data as JobDescriptionFields),
			}));
		return {
			// Both versions answer 201 (OAS3; Affinda's v2-era clients expect 201 too).
			status: 201,
			body: rankedPage(ctx, page, body, rank(jobs, criteria), criteria, ({ data }) => ({
				organizationName: data.organizationName,
			})),
		};
	};
}

/** A ready resume that one of the indices holds; 404 otherwise, as the job description detail. */
function indexedResume(app: App, identifier: string, indices: readonly string[]): StoredDocument {
	const { store } = app;
	const doc = store.document(identifier);
	if (!doc || doc.extractor !== 'resume' || !store.isReady(doc) || doc.failed) throw notFound();
	if (!indices.some((name) => store.indices.get(name)?.members.has(doc.identifier))) {
		throw notFound(
			`Resume ${doc.identifier} is not in ${indices.map((n) => `"${n}"`).join(', ')}.`,
		);
	}
	return doc;
}

function resumeSearchDetailRoute(app: App, version: ApiVersion) {
	return (ctx: RequestContext): Reply => {
		const { body } = readSearchBody(ctx, 'resumeSearch', version);
		const { jobDescription, resume } = checkReferences(app, body, 'resumes');
		const doc = indexedResume(app, ctx.params.identifier, body.indices);
		const criteria = resumeSearchCriteria(app, body, jobDescription, resume);
		return {
			status: 200,
			body: resumeSearchDetail(doc.data as ResumeData, app.store.profileOf(doc), criteria),
		};
	};
}

/** The pair score's query weights (snake_case, OAS3) and the body fields they stand for. */
export const MATCH_WEIGHTS = {
	job_titles_weight: 'jobTitlesWeight',
	years_experience_weight: 'yearsExperienceWeight',
	locations_weight: 'locationsWeight',
	languages_weight: 'languagesWeight',
	skills_weight: 'skillsWeight',
	education_weight: 'educationWeight',
	search_expression_weight: 'searchExpressionWeight',
	soc_codes_weight: 'socCodesWeight',
	management_level_weight: 'managementLevelWeight',
} as const;

function queryWeight(query: Query, name: string, errors: ErrorItem[]): number | undefined {
	const raw = queryValue(query, name);
	if (raw === undefined) return undefined;
	const value = /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(raw) ? Number(raw) : Number.NaN;
	if (Number.isNaN(value)) {
		errors.push({ attr: name, code: 'invalid', detail: 'A valid number is required.' });
	} else if (value < 0) {
		errors.push({
			attr: name,
			code: 'min_value',
			detail: 'Ensure this value is greater than or equal to 0.',
		});
	} else if (value > 1) {
		errors.push({
			attr: name,
			code: 'max_value',
			detail: 'Ensure this value is less than or equal to 1.',
		});
	}
	return value;
}

/** A ready document of one kind named by a query parameter, or an error naming the parameter. */
function queriedDocument(
	app: App,
	query: Query,
	name: string,
	extractor: StoredDocument['extractor'],
	errors: ErrorItem[],
): StoredDocument | undefined {
	const identifier = queryValue(query, name);
	if (identifier === undefined || identifier === '') {
		errors.push({ attr: name, code: 'required', detail: 'This field is required.' });
		return undefined;
	}
	const doc = app.store.document(identifier);
	if (!doc || doc.extractor !== extractor || !app.store.isReady(doc) || doc.failed) {
		errors.push({
			attr: name,
			code: 'does_not_exist',
			detail: `Object with identifier=${identifier} does not exist.`,
		});
		return undefined;
	}
	return doc;
}

/**
 * The pair score: the resume scored against the criteria read off the job description, with the
 * query's weights and search expression, exactly as a resume search matching that job description
 * scores it; the details are that search result's components.
 */
function resumeSearchMatch(app: App) {
	return (ctx: RequestContext): Reply => {
		const { query } = ctx;
		const errors: ErrorItem[] = [];
		const resume = queriedDocument(app, query, 'resume', 'resume', errors);
		const jobDescription = queriedDocument(
			app,
			query,
			'job_description',
			'job-description',
			errors,
		);
		const own: Partial<SearchBody> = {};
		for (const [name, field] of Object.entries(MATCH_WEIGHTS)) {
			const weight = queryWeight(query, name, errors);
			if (weight !== undefined) own[field] = weight;
		}
		const expression = queryValue(query, 'search_expression');
		if (expression?.trim()) {
			try {
				compileSearchExpression(expression);
				own.searchExpression = expression;
			} catch (error) {
				errors.push({
					attr: 'search_expression',
					code: 'invalid',
					detail: `Invalid search expression: ${(error as Error).message}`,
				});
			}
		}
		const indexName = queryValue(query, 'index');
		if (indexName !== undefined) {
			const index = app.store.indices.get(indexName);
			if (!index) {
				errors.push({
					attr: 'index',
					code: 'does_not_exist',
					detail: `Index "${indexName}" does not exist.`,
				});
			} else if (resume && !index.members.has(resume.identifier)) {
				errors.push({
					attr: 'index',
					code: 'invalid',
					detail: `Resume ${resume.identifier} is not in "${indexName}".`,
				});
			}
		}
		if (errors.length > 0 || !resume || !jobDescription) throw validationError(errors);
		const derived = criteriaFromJobDescription(jobDescription.data as JobDescriptionFields);
		const criteria = criteriaOf(withDerived(derived, { indices: [], ...own }));
		const profile = app.store.profileOf(resume);
		return {
			status: 200,
			body: {
				score: round(totalScore(criteria, profile)),
				details: explain(criteria, profile).components,
			},
		};
	};
}

/** Every value of a repeated query parameter (`?skills=a&skills=b`), as given. */
function repeated(query: Query, name: string): string[] {
	const value = query[name];
	const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
	return values.filter((v) => v.trim() !== '');
}

function suggestion(name: string, suggest: (given: readonly string[]) => string[]) {
	return (ctx: RequestContext): Reply => {
		const given = repeated(ctx.query, name);
		if (given.length === 0) throw fieldError(name, 'required', 'This field is required.');
		return { status: 200, body: suggest(given) };
	};
}

export function registerMatchRoutes(router: Router, app: App): void {
	// Each at /v2 (Affinda's v2-era clients) and /v3 (OAS3), as the credential's setting chooses.
	for (const version of ['v2', 'v3'] as const) {
		router.add('POST', `/${version}/job_description_search`, jobDescriptionSearch(app, version));
		router.add(
			'POST',
			`/${version}/resume_search/details/{identifier}`,
			resumeSearchDetailRoute(app, version),
		);
		router.add('GET', `/${version}/resume_search/match`, resumeSearchMatch(app));
		router.add(
			'GET',
			`/${version}/resume_search/suggestion_skill`,
			suggestion('skills', suggestSkills),
		);
		router.add(
			'GET',
			`/${version}/resume_search/suggestion_job_title`,
			suggestion('job_titles', suggestJobTitles),
		);
	}
}
