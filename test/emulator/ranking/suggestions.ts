// Suggestions: skills or job titles related to the ones given, from the emulator's fixed
// occupation vocabulary (data/occupations.ts), the same words seeded resumes and job descriptions
// are drawn from. A term is related when an occupation lists it beside a given one; terms listed
// beside more of the given ones come first, then by name, so the same question always gets the
// same answer.

import { OCCUPATIONS, type Occupation } from '../data/occupations';

/** At most this many suggestions per answer (the service publishes no figure). */
export const MAX_SUGGESTIONS = 10;

function related(
	given: readonly string[],
	termsOf: (occupation: Occupation) => readonly string[],
): string[] {
	const asked = new Set(given.map((term) => term.trim().toLowerCase()).filter(Boolean));
	const counts = new Map<string, number>();
	for (const occupation of OCCUPATIONS) {
		const terms = termsOf(occupation);
		const hits = terms.filter((term) => asked.has(term.toLowerCase())).length;
		if (hits === 0) continue;
		for (const term of terms) {
			if (asked.has(term.toLowerCase())) continue;
			counts.set(term, (counts.get(term) ?? 0) + hits);
		}
	}
	return [...counts.entries()]
		.sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
		.slice(0, MAX_SUGGESTIONS)
		.map(([term]) => term);
}

export const suggestSkills = (skills: readonly string[]): string[] =>
	related(skills, (occupation) => occupation.skills);

export const suggestJobTitles = (titles: readonly string[]): string[] =>
	related(titles, (occupation) => occupation.titles);
