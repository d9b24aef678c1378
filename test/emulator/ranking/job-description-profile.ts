// Job description search ranks job descriptions with the very criteria resume search uses: a job
// is read into the same profile a resume is (its title, the years it asks for, its place, skills,
// languages, degree, occupation, level, text), and the job description search body is read as the
// resume search body that asks the same thing of that profile. One set of scoring functions, one
// ranking, so the two directions agree: a candidate ranks a job as the job ranks the candidate.

import { EDUCATION_RANK, findPlace } from '../data/normalise';
import type { JobDescriptionFields } from '../data/types';
import { EDUCATION_LEVELS, type EducationLevel, type SearchBody } from '../search-body';
import { tokens, type ResumeProfile } from './profile';

const profiles = new WeakMap<JobDescriptionFields, ResumeProfile>();

const byLower = (names: readonly string[]): Map<string, string> =>
	new Map(names.map((name) => [name.toLowerCase(), name]));

/** The job's profile; cached per data object, so a job whose data is replaced is read afresh. */
export function jobDescriptionProfile(jd: JobDescriptionFields): ResumeProfile {
	let profile = profiles.get(jd);
	if (profile) return profile;
	const title = jd.jobTitle?.name ?? '';
	const location = jd.location;
	let latitude = location?.latitude ?? null;
	let longitude = location?.longitude ?? null;
	if ((latitude === null || longitude === null) && location?.rawInput) {
		const place = findPlace(location.rawInput);
		latitude = place?.latitude ?? null;
		longitude = place?.longitude ?? null;
	}
	const degrees = jd.educationAccreditation ? [jd.educationAccreditation] : [];
	const classification = jd.jobTitle?.classification ?? null;
	profile = {
		name: title,
		titles: title ? [{ display: title, tokens: tokens(title), isCurrent: true }] : [],
		currentTitle: title,
		// The experience the job asks for: its minimum.
		years: jd.yearsExperience?.minimum ?? null,
		latitude,
		longitude,
		placeNames: new Set(
			[location?.city, location?.state, location?.stateCode, location?.country]
				.concat(location?.countryCode)
				.filter((v): v is string => !!v)
				.map((v) => v.toLowerCase()),
		),
		locationDisplay: location?.formatted ?? location?.rawInput ?? '',
		skills: byLower(jd.skills),
		languages: byLower(jd.languages),
		degrees,
		degreesLower: degrees.map((d) => d.toLowerCase()),
		institutionsLower: [],
		educationDisplay: jd.educationAccreditation ?? '',
		highestLevel: jd.educationLevel,
		isCurrentStudent: false,
		isRecentGraduate: false,
		socCode: classification?.socCode ?? null,
		socName: classification?.title ?? '',
		managementLevel: jd.jobTitle?.managementLevel ?? null,
		custom: {},
		rawText: jd.rawText,
	};
	profiles.set(jd, profile);
	return profile;
}

/** Levels at or below the highest given: a job asking for a bachelor's fits a master's holder. */
function levelsUpTo(levels: ReadonlyArray<EducationLevel | null>): EducationLevel[] | undefined {
	const given = levels.filter((l): l is EducationLevel => l !== null);
	if (given.length === 0) return undefined;
	const top = Math.max(...given.map((l) => EDUCATION_RANK[l]));
	return EDUCATION_LEVELS.filter((l) => EDUCATION_RANK[l] <= top);
}

/**
 * The resume search body that asks of a job's profile what a job description search body asks of
 * the job: the candidate's total years fit a job asking for no more (`yearsExperienceMax`), the
 * candidate's degree types fit a job asking for that level or lower (`highestDegreeTypes`); every
 * other field means the same on both sides.
 */
export function asJobProfileCriteria(body: SearchBody): SearchBody {
	const { totalYearsExperience, degreeTypes, degreeTypesRequired, ...same } = body;
	// The resume matched against has been read into criteria already.
	const criteria: SearchBody = { ...same };
	delete criteria.resume;
	if (totalYearsExperience !== undefined && totalYearsExperience !== null) {
		criteria.yearsExperienceMax = totalYearsExperience;
	}
	const levels = levelsUpTo(degreeTypes ?? []);
	if (levels) {
		criteria.highestDegreeTypes = levels;
		if (degreeTypesRequired !== undefined)
			criteria.highestDegreeTypesRequired = degreeTypesRequired;
	}
	return criteria;
}
