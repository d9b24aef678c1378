/**
 * The specification's field lists (test/emulator/CONTRACT.md, "Search"), written once as the oracle that both
 * the node's criteria table and the emulator's validation are tested against.
 */
export const SPEC_RESUME_SEARCH_FIELDS = [
	'indices',
	'jobDescription',
	'resume',
	'jobTitles',
	'jobTitlesCurrentOnly',
	'jobTitlesRequired',
	'jobTitlesWeight',
	'yearsExperienceMin',
	'yearsExperienceMax',
	'yearsExperienceRequired',
	'yearsExperienceWeight',
	'locations',
	'locationsWeight',
	'locationsRequired',
	'skills',
	'skillsWeight',
	'languages',
	'languagesWeight',
	'institutions',
	'institutionsRequired',
	'degrees',
	'degreesRequired',
	'highestDegreeTypes',
	'highestDegreeTypesRequired',
	'isCurrentStudent',
	'isCurrentStudentRequired',
	'isRecentGraduate',
	'isRecentGraduateRequired',
	'educationWeight',
	'searchExpression',
	'searchExpressionRequired',
	'searchExpressionWeight',
	'socCodes',
	'socCodesWeight',
	'socCodesRequired',
	'managementLevel',
	'managementLevelRequired',
	'managementLevelWeight',
	'customData',
];

/** Fields of the resume search body that the job description detail body does not have. */
export const SPEC_MATCH_DETAIL_ABSENT = [
	'jobDescription',
	'jobTitlesCurrentOnly',
	'yearsExperienceMin',
	'yearsExperienceMax',
	'institutions',
	'institutionsRequired',
	'isCurrentStudent',
	'isCurrentStudentRequired',
	'isRecentGraduate',
	'isRecentGraduateRequired',
	'highestDegreeTypes',
	'highestDegreeTypesRequired',
];

export const SPEC_MATCH_DETAIL_FIELDS = [
	...SPEC_RESUME_SEARCH_FIELDS.filter((field) => !SPEC_MATCH_DETAIL_ABSENT.includes(field)),
	'totalYearsExperience',
	'degreeTypes',
	'degreeTypesRequired',
];
