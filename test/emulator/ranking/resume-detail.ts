// The resume search detail: for one resume and a resume search's criteria, which parts of the
// resume match and which criteria it is missing, in the published ResumeSearchDetail shape. Each
// part asks what the search's scoring function asks (ranking/criteria.ts), so the detail agrees
// with the result's scores: a skills score of 2/3 is one wanted skill in `skills.missing`.

import type { ResumeData } from '../data/types';
import { namedFilters, type SearchBody } from '../search-body';
import { locationScorer, managementLevelScore, occupationScore } from './criteria';
import { lowerRawText, tokens, type ResumeProfile } from './profile';
import { compileSearchExpression, containsTerm } from './search-expression';

/** A title covers a wanted title when it holds all of its words (as Required job titles ask). */
function covers(title: string, wanted: ReadonlyArray<Set<string>>): boolean {
	const words = tokens(title);
	return wanted.some((query) => [...query].every((word) => words.has(word)));
}

function nameListDetail<T extends { name: string }>(
	filters: SearchBody['skills'],
	owned: readonly T[],
) {
	const wanted = namedFilters(filters);
	const have = new Set(owned.map((item) => item.name.toLowerCase()));
	const asked = new Set(wanted.map((filter) => filter.name.trim().toLowerCase()));
	return {
		missing: wanted
			.filter((filter) => !have.has(filter.name.trim().toLowerCase()))
			.map((filter) => ({ name: filter.name, required: filter.required === true })),
		value: owned.map((item) => ({ ...item, match: asked.has(item.name.toLowerCase()) })),
	};
}

export function resumeSearchDetail(data: ResumeData, profile: ResumeProfile, body: SearchBody) {
	// Job titles: each position, matched when its title holds every word of a wanted title.
	const wantedTitles = (body.jobTitles ?? []).map((t) => tokens(t)).filter((q) => q.size > 0);
	const positions = (data.workExperience ?? []).filter((w) => w.jobTitle);
	const eligible = positions.filter(
		(w, i) => body.jobTitlesCurrentOnly !== true || (w.dates ? w.dates.isCurrent : i === 0),
	);
	const titleMissing = (body.jobTitles ?? []).filter(
		(title) =>
			tokens(title).size > 0 &&
			!eligible.some((w) => covers(w.jobTitle as string, [tokens(title)])),
	);

	// Locations: a filter is missing unless the resume is within its radius.
	const locationFilters = body.locations ?? [];
	const locationMissing = locationFilters.filter((filter) => locationScorer(filter)(profile) < 1);

	// Education, part by part, as the education criterion scores it.
	const degrees = (body.degrees ?? []).map((d) => d.trim()).filter(Boolean);
	const degreeMissing = degrees.filter(
		(want) => !profile.degreesLower.some((have) => have.includes(want.toLowerCase())),
	);
	const levels = (body.highestDegreeTypes ?? []).filter((l): l is NonNullable<typeof l> => !!l);
	const levelMatches = profile.highestLevel !== null && levels.includes(profile.highestLevel);
	const institutions = (body.institutions ?? []).map((i) => i.trim()).filter(Boolean);
	const institutionMissing = institutions.filter(
		(want) => !profile.institutionsLower.some((have) => have.includes(want.toLowerCase())),
	);
	const studies = (data.education ?? []).map((study) => {
		const degree = (study.accreditation?.education ?? '').toLowerCase();
		const school = (study.organization ?? '').toLowerCase();
		const level = study.accreditation?.educationLevel ?? null;
		const match =
			degrees.some((want) => degree.includes(want.toLowerCase())) ||
			institutions.some((want) => school.includes(want.toLowerCase())) ||
			(level !== null && levels.includes(level));
		return { ...study, match };
	});

	// Experience: inside the asked range.
	const min = body.yearsExperienceMin ?? null;
	const max = body.yearsExperienceMax ?? null;
	const years = profile.years;
	const experienceAsked = min !== null || max !== null;

	// Occupation group: codes the resume's occupation is not inside.
	const codes = body.socCodes ?? [];
	const codeMissing = codes.filter((code) => occupationScore(code, profile.socCode) < 1);

	// Search expression over the resume's text.
	let expressionMissing: string[] = [];
	let expressionFound: string[] = [];
	if (body.searchExpression?.trim()) {
		const expression = compileSearchExpression(body.searchExpression);
		const positives = expression.terms.filter((_, i) => expression.positive[i]);
		const text = lowerRawText(profile);
		expressionFound = positives.filter((term) => containsTerm(text, term));
		expressionMissing = positives.filter((term) => !containsTerm(text, term));
	}

	return {
		jobTitle: {
			missing: titleMissing,
			value: positions.map((w) => ({
				name: w.jobTitle,
				startDate: w.dates?.startDate ?? null,
				endDate: w.dates?.endDate ?? null,
				companyName: w.organization,
				match: eligible.includes(w) && covers(w.jobTitle as string, wantedTitles),
			})),
		},
		location: {
			missing: locationMissing,
			value: data.location
				? {
						...data.location,
						match: locationFilters.length > 0 && locationMissing.length < locationFilters.length,
					}
				: null,
		},
		education: {
			missing: {
				degrees: degreeMissing,
				highestDegreeTypes: levels.length > 0 && !levelMatches ? levels : [],
				institutions: institutionMissing,
				currentStudent:
					body.isCurrentStudent !== undefined && profile.isCurrentStudent !== body.isCurrentStudent,
				recentGraduate:
					body.isRecentGraduate !== undefined && profile.isRecentGraduate !== body.isRecentGraduate,
			},
			value: studies,
		},
		skills: nameListDetail(body.skills, data.skills ?? []),
		experience: {
			years,
			match:
				experienceAsked &&
				years !== null &&
				(min === null || years >= min) &&
				(max === null || years <= max),
		},
		occupationGroup: {
			missing: codeMissing,
			value:
				profile.socCode === null
					? []
					: [
							{
								code: profile.socCode,
								name: profile.socName,
								children: [],
								match: codes.length > 0 && codeMissing.length < codes.length,
							},
						],
		},
		languages: nameListDetail(
			body.languages,
			(data.languages ?? []).map((name) => ({ name })),
		),
		managementLevel:
			profile.managementLevel === null
				? null
				: {
						level: profile.managementLevel,
						match:
							!!body.managementLevel &&
							managementLevelScore(body.managementLevel, profile.managementLevel) === 1,
					},
		searchExpression: { missing: expressionMissing, value: expressionFound },
	};
}
