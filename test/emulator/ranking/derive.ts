// Matching a document: a search by `jobDescription` or `resume` identifier reads its criteria off
// that document, as body fields. Fields the request gives itself win over derived ones, so a
// caller can match a job description and still, say, make skills weigh more.

import type { JobDescriptionFields, Location } from '../data/types';
import {
	EDUCATION_LEVELS,
	type EducationLevel,
	type LocationFilter,
	type SearchBody,
} from '../search-body';
import { EDUCATION_RANK } from '../data/normalise';
import { DEFAULT_DISTANCE } from './criteria';
import type { ResumeProfile } from './profile';

type Derived = Partial<SearchBody>;

function locationFilters(location: Location | null): LocationFilter[] | undefined {
	if (!location) return undefined;
	if (location.latitude !== null && location.longitude !== null) {
		return [
			{
				name: location.rawInput,
				coordinates: { latitude: location.latitude, longitude: location.longitude },
				distance: DEFAULT_DISTANCE,
				unit: 'km',
			},
		];
	}
	return location.rawInput
		? [{ name: location.rawInput, distance: DEFAULT_DISTANCE, unit: 'km' }]
		: undefined;
}

/** Education levels at or above `level` (a job asking for a bachelor's takes a master's too). */
function levelsAtLeast(level: EducationLevel): EducationLevel[] {
	return EDUCATION_LEVELS.filter((l) => EDUCATION_RANK[l] >= EDUCATION_RANK[level]);
}

const nonEmpty = <T>(list: T[]): T[] | undefined => (list.length > 0 ? list : undefined);

/** Criteria a job description implies for the resumes that fit it. */
export function criteriaFromJobDescription(jd: JobDescriptionFields): Derived {
	const derived: Derived = {
		jobTitles: jd.jobTitle?.name ? [jd.jobTitle.name] : undefined,
		skills: nonEmpty(jd.skills.map((name) => ({ name }))),
		languages: nonEmpty(jd.languages.map((name) => ({ name }))),
		yearsExperienceMin: jd.yearsExperience?.minimum ?? undefined,
		yearsExperienceMax: jd.yearsExperience?.maximum ?? undefined,
		locations: locationFilters(jd.location),
		highestDegreeTypes: jd.educationLevel ? levelsAtLeast(jd.educationLevel) : undefined,
		socCodes: jd.jobTitle?.classification ? [jd.jobTitle.classification.socCode] : undefined,
		managementLevel: jd.jobTitle?.managementLevel ?? undefined,
	};
	return withoutUndefined(derived);
}

/** Criteria of "more like this resume" (for resume search) or "jobs for this resume" (detail). */
export function criteriaFromResume(
	profile: ResumeProfile,
	location: Location | null,
	forDetail: boolean,
): Derived {
	const years = profile.years;
	const derived: Derived = {
		jobTitles: profile.currentTitle ? [profile.currentTitle] : undefined,
		skills: nonEmpty([...profile.skills.values()].slice(0, 10).map((name) => ({ name }))),
		languages: nonEmpty([...profile.languages.values()].map((name) => ({ name }))),
		locations: locationFilters(location),
		degrees: forDetail ? nonEmpty(profile.degrees) : undefined,
		socCodes: profile.socCode ? [profile.socCode] : undefined,
		managementLevel: profile.managementLevel ?? undefined,
	};
	if (forDetail) {
		derived.totalYearsExperience = years ?? undefined;
		derived.degreeTypes = profile.highestLevel ? [profile.highestLevel] : undefined;
	} else {
		derived.yearsExperienceMin = years === null ? undefined : Math.max(0, years - 2);
		derived.yearsExperienceMax = years === null ? undefined : years + 2;
		derived.highestDegreeTypes = profile.highestLevel ? [profile.highestLevel] : undefined;
	}
	return withoutUndefined(derived);
}

function withoutUndefined(derived: Derived): Derived {
	return Object.fromEntries(Object.entries(derived).filter(([, v]) => v !== undefined)) as Derived;
}
