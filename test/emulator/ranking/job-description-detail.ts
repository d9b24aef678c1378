// The job description search detail: for one job description and a candidate's criteria, which
// parts of the job match and which criteria it is missing, in the specification's response shape.
// A part the criteria do not ask about reports match: false and nothing missing.

import { EDUCATION_RANK, findPlace } from '../data/normalise';
import { ancestorCodes, occupationGroupName } from '../data/occupations';
import type { JobDescriptionFields } from '../data/types';
import { namedFilters, type SearchBody } from '../search-body';
import { locationScorer, managementLevelScore, occupationScore } from './criteria';
import { tokens } from './profile';
import { compileSearchExpression, containsTerm } from './search-expression';

const lowerSet = (names: readonly string[]): Set<string> =>
	new Set(names.map((n) => n.toLowerCase()));

function nameListDetail(filters: SearchBody['skills'], offered: readonly string[]) {
	const wanted = namedFilters(filters);
	const offeredLower = lowerSet(offered);
	const wantedLower = lowerSet(wanted.map((w) => w.name));
	return {
		missing: wanted.filter((w) => !offeredLower.has(w.name.toLowerCase())),
		value: offered.map((name) => ({ name, match: wantedLower.has(name.toLowerCase()) })),
	};
}

export function jobDescriptionDetail(jd: JobDescriptionFields, body: SearchBody) {
	// Job title: a wanted title matches when all its words are in the job's title.
	const jdTitle = tokens(jd.jobTitle?.name ?? '');
	const titleMatches = (t: string): boolean =>
		[...tokens(t)].every((w) => jdTitle.has(w)) && tokens(t).size > 0;
	const jobTitles = body.jobTitles ?? [];

	// Location: the job's place against each location filter (within the radius, or same region).
	const location = jd.location;
	const place = location
		? {
				latitude: location.latitude,
				longitude: location.longitude,
				placeNames: lowerSet(
					[
						location.city,
						location.state,
						location.stateCode,
						location.country,
						location.countryCode,
					].filter((v): v is string => !!v),
				),
			}
		: undefined;
	if (place && place.latitude === null && location?.rawInput) {
		const found = findPlace(location.rawInput);
		if (found) Object.assign(place, { latitude: found.latitude, longitude: found.longitude });
	}
	const locationFilters = body.locations ?? [];
	const locationMissing = locationFilters.filter((f) => !place || locationScorer(f)(place) < 1);

	// Education: wanted degree names in the job's accreditation; wanted degree types that meet its level.
	const accreditation = (jd.educationAccreditation ?? '').toLowerCase();
	const degrees = body.degrees ?? [];
	const degreeTypes = (body.degreeTypes ?? []).filter(
		(t): t is NonNullable<typeof t> => t !== null,
	);
	const meetsLevel = (t: keyof typeof EDUCATION_RANK): boolean =>
		!jd.educationLevel || EDUCATION_RANK[t] >= EDUCATION_RANK[jd.educationLevel];
	const missingDegrees = degrees.filter((d) => !accreditation.includes(d.toLowerCase()));
	const missingDegreeTypes = degreeTypes.filter((t) => !meetsLevel(t));
	const educationAsked = degrees.length + degreeTypes.length > 0;

	// Experience: the candidate's total years inside the job's range.
	const min = jd.yearsExperience?.minimum ?? null;
	const max = jd.yearsExperience?.maximum ?? null;
	const years = body.totalYearsExperience ?? null;

	// Occupation group.
	const code = jd.jobTitle?.classification?.socCode ?? null;
	const socCodes = body.socCodes ?? [];
	const socMissing = socCodes.filter((c) => occupationScore(c, code) < 1);

	// Search expression over the job's text.
	let expressionMissing: string[] = [];
	let expressionFound: string[] = [];
	if (body.searchExpression?.trim()) {
		const expression = compileSearchExpression(body.searchExpression);
		const text = jd.rawText.toLowerCase();
		const positives = expression.terms.filter((_, i) => expression.positive[i]);
		expressionFound = positives.filter((t) => containsTerm(text, t));
		expressionMissing = positives.filter((t) => !containsTerm(text, t));
	}

	const level = jd.jobTitle?.managementLevel ?? null;
	return {
		jobTitle: {
			missing: jobTitles.filter((t) => !titleMatches(t)),
			value: {
				name: jd.jobTitle?.name ?? null,
				companyName: jd.organizationName,
				match: jobTitles.some(titleMatches),
			},
		},
		location: {
			missing: locationMissing,
			value: location
				? {
						...location,
						match: locationFilters.length > 0 && locationMissing.length < locationFilters.length,
					}
				: null,
		},
		education: {
			missing: { degrees: missingDegrees, degreeTypes: missingDegreeTypes },
			value: {
				degrees: jd.educationAccreditation ? [jd.educationAccreditation] : [],
				degreeTypes: jd.educationLevel ? [jd.educationLevel] : [],
				match:
					educationAsked &&
					(degrees.length > missingDegrees.length ||
						degreeTypes.length > missingDegreeTypes.length),
			},
		},
		skills: nameListDetail(body.skills, jd.skills),
		experience: {
			minimumExperience: min,
			maximumExperience: max,
			match: years !== null && (min === null || years >= min) && (max === null || years <= max),
		},
		occupationGroup: {
			missing: socMissing,
			value:
				code === null
					? null
					: {
							code,
							name: occupationGroupName(code) ?? '',
							children: [],
							parents: ancestorCodes(code).map((c) => ({
								code: c,
								name: occupationGroupName(c) ?? '',
								children: [],
							})),
							match: socCodes.length > 0 && socMissing.length < socCodes.length,
						},
		},
		languages: nameListDetail(body.languages, jd.languages),
		managementLevel:
			level === null
				? null
				: {
						level,
						match:
							!!body.managementLevel && managementLevelScore(body.managementLevel, level) === 1,
					},
		searchExpression: { missing: expressionMissing, value: expressionFound },
	};
}
