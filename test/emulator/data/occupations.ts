// The occupation groups the emulator knows: a slice of the SOC 2020 tree (major, sub-major, minor
// and unit groups), served by GET /v3/occupation_groups and used for socCodes ranking. Each unit
// group also carries the job titles, skills and study fields the generator draws from.

export interface OccupationGroup {
	code: number;
	name: string;
	children: OccupationGroup[];
}

/** A unit group (4-digit code) with what resumes and job descriptions in it look like. */
export interface Occupation {
	socCode: number;
	name: string;
	titles: readonly string[];
	skills: readonly string[];
	studyFields: readonly string[];
	/** Relative frequency among generated resumes. */
	frequency: number;
	/** Typical yearly salary (USD) at mid level, for custom data and remuneration. */
	salary: number;
	industry: string;
}

const GROUP_NAMES: Record<number, string> = {
	1: 'Managers, directors and senior officials',
	11: 'Corporate managers and directors',
	113: 'Functional managers and directors',
	2: 'Professional occupations',
	21: 'Science, research, engineering and technology professionals',
	212: 'Engineering professionals',
	213: 'Information technology professionals',
	22: 'Health professionals',
	222: 'Therapy professionals',
	223: 'Nursing and midwifery professionals',
	23: 'Teaching and other educational professionals',
	231: 'Teaching professionals',
	24: 'Business, media and public service professionals',
	241: 'Legal professionals',
	242: 'Finance professionals',
	3: 'Associate professional occupations',
	31: 'Science, engineering and technology associate professionals',
	313: 'Information technology technicians',
	35: 'Business and public service associate professionals',
	354: 'Sales, marketing and related associate professionals',
	356: 'Public services and other associate professionals',
	4: 'Administrative and secretarial occupations',
	41: 'Administrative occupations',
	412: 'Administrative occupations: finance',
	5: 'Skilled trades occupations',
	52: 'Skilled metal, electrical and electronic trades',
	524: 'Electrical and electronic trades',
	7: 'Sales and customer service occupations',
	72: 'Customer service occupations',
	721: 'Customer service occupations',
};

const SOFTWARE_SKILLS = [
	'JavaScript',
	'TypeScript',
	'Python',
	'Java',
	'Node.js',
	'React',
	'SQL',
	'Git',
	'Docker',
	'Kubernetes',
	'AWS',
	'REST APIs',
	'C#',
	'Go',
	'GraphQL',
	'PostgreSQL',
	'Microservices',
	'CI/CD',
	'Linux',
	'Agile',
];

export const OCCUPATIONS: readonly Occupation[] = [
	{
		socCode: 1131,
		name: 'Financial managers and directors',
		frequency: 2,
		salary: 160000,
		industry: 'Financial Services',
		titles: ['Finance Director', 'Chief Financial Officer', 'Head of Finance'],
		skills: [
			'Financial Planning',
			'Budgeting',
			'Forecasting',
			'IFRS',
			'Risk Management',
			'Leadership',
			'Strategic Planning',
			'Stakeholder Management',
			'Financial Reporting',
			'M&A',
		],
		studyFields: ['Finance', 'Accounting', 'Business Administration'],
	},
	{
		socCode: 1132,
		name: 'Marketing, sales and advertising directors',
		frequency: 2,
		salary: 150000,
		industry: 'Marketing',
		titles: ['Marketing Director', 'Head of Sales', 'Chief Marketing Officer'],
		skills: [
			'Brand Strategy',
			'Digital Marketing',
			'Go-to-Market Strategy',
			'Leadership',
			'Sales Management',
			'CRM',
			'Market Research',
			'Budgeting',
			'Stakeholder Management',
		],
		studyFields: ['Marketing', 'Business Administration', 'Communications'],
	},
	{
		socCode: 1135,
		name: 'Human resource managers and directors',
		frequency: 2,
		salary: 120000,
		industry: 'Human Resources',
		titles: ['HR Manager', 'Head of People', 'Human Resources Director'],
		skills: [
			'Talent Acquisition',
			'Employee Relations',
			'Performance Management',
			'Workday',
			'Employment Law',
			'Leadership',
			'Change Management',
			'Compensation and Benefits',
			'Recruiting',
		],
		studyFields: ['Human Resource Management', 'Psychology', 'Business Administration'],
	},
	{
		socCode: 1137,
		name: 'Information technology directors',
		frequency: 2,
		salary: 190000,
		industry: 'Information Technology',
		titles: ['Chief Technology Officer', 'Head of Engineering', 'IT Director', 'VP of Engineering'],
		skills: [
			'Technical Leadership',
			'Cloud Architecture',
			'Strategic Planning',
			'Budgeting',
			'Agile',
			'Stakeholder Management',
			'AWS',
			'Vendor Management',
			'Team Building',
		],
		studyFields: ['Computer Science', 'Information Technology', 'Business Administration'],
	},
	{
		socCode: 2121,
		name: 'Civil engineers',
		frequency: 3,
		salary: 95000,
		industry: 'Construction',
		titles: ['Civil Engineer', 'Structural Engineer', 'Geotechnical Engineer'],
		skills: [
			'AutoCAD',
			'Civil 3D',
			'Structural Analysis',
			'Project Management',
			'Revit',
			'Site Supervision',
			'Geotechnical Engineering',
			'Construction Management',
			'Risk Assessment',
		],
		studyFields: ['Civil Engineering', 'Structural Engineering'],
	},
	{
		socCode: 2122,
		name: 'Mechanical engineers',
		frequency: 3,
		salary: 92000,
		industry: 'Manufacturing',
		titles: ['Mechanical Engineer', 'Design Engineer', 'Maintenance Engineer'],
		skills: [
			'SolidWorks',
			'AutoCAD',
			'Finite Element Analysis',
			'MATLAB',
			'Lean Manufacturing',
			'Six Sigma',
			'Thermodynamics',
			'Product Design',
			'GD&T',
		],
		studyFields: ['Mechanical Engineering', 'Mechatronics'],
	},
	{
		socCode: 2123,
		name: 'Electrical engineers',
		frequency: 2,
		salary: 96000,
		industry: 'Energy',
		titles: ['Electrical Engineer', 'Power Systems Engineer', 'Controls Engineer'],
		skills: [
			'Power Systems',
			'PLC Programming',
			'AutoCAD Electrical',
			'MATLAB',
			'SCADA',
			'Circuit Design',
			'High Voltage',
			'Project Management',
		],
		studyFields: ['Electrical Engineering', 'Electronic Engineering'],
	},
	{
		socCode: 2132,
		name: 'IT managers',
		frequency: 3,
		salary: 135000,
		industry: 'Information Technology',
		titles: ['Engineering Manager', 'IT Manager', 'Software Development Manager'],
		skills: [
			'People Management',
			'Agile',
			'Scrum',
			'Jira',
			'Stakeholder Management',
			'Budgeting',
			'Hiring',
			'Software Architecture',
			'AWS',
			'ITIL',
		],
		studyFields: ['Computer Science', 'Information Systems'],
	},
	{
		socCode: 2133,
		name: 'IT business analysts, architects and systems designers',
		frequency: 5,
		salary: 125000,
		industry: 'Information Technology',
		titles: ['Solutions Architect', 'Business Analyst', 'Cloud Architect', 'Systems Analyst'],
		skills: [
			'Solution Design',
			'AWS',
			'Azure',
			'Requirements Analysis',
			'UML',
			'Enterprise Architecture',
			'TOGAF',
			'SQL',
			'Microservices',
			'Stakeholder Management',
			'Process Modelling',
		],
		studyFields: ['Computer Science', 'Information Systems', 'Software Engineering'],
	},
	{
		socCode: 2134,
		name: 'Programmers and software development professionals',
		frequency: 16,
		salary: 120000,
		industry: 'Information Technology',
		titles: [
			'Software Engineer',
			'Software Developer',
			'Backend Developer',
			'Frontend Developer',
			'Full Stack Developer',
			'Mobile Developer',
		],
		skills: SOFTWARE_SKILLS,
		studyFields: ['Computer Science', 'Software Engineering', 'Information Technology'],
	},
	{
		socCode: 2135,
		name: 'Cyber security professionals',
		frequency: 3,
		salary: 130000,
		industry: 'Information Technology',
		titles: ['Security Engineer', 'Security Analyst', 'Penetration Tester'],
		skills: [
			'Penetration Testing',
			'SIEM',
			'Incident Response',
			'Network Security',
			'ISO 27001',
			'Python',
			'Threat Modelling',
			'Cloud Security',
			'Vulnerability Management',
		],
		studyFields: ['Cyber Security', 'Computer Science'],
	},
	{
		socCode: 2136,
		name: 'IT quality and testing professionals',
		frequency: 3,
		salary: 100000,
		industry: 'Information Technology',
		titles: ['QA Engineer', 'Test Analyst', 'Test Automation Engineer'],
		skills: [
			'Selenium',
			'Cypress',
			'Test Automation',
			'JavaScript',
			'Python',
			'Jira',
			'API Testing',
			'Performance Testing',
			'Agile',
			'SQL',
		],
		studyFields: ['Computer Science', 'Information Technology'],
	},
	{
		socCode: 2137,
		name: 'IT network professionals',
		frequency: 2,
		salary: 105000,
		industry: 'Telecommunications',
		titles: ['Network Engineer', 'Network Administrator', 'Site Reliability Engineer'],
		skills: [
			'Cisco',
			'TCP/IP',
			'Routing and Switching',
			'Firewalls',
			'Linux',
			'Terraform',
			'AWS',
			'Monitoring',
			'Bash',
		],
		studyFields: ['Network Engineering', 'Information Technology'],
	},
	{
		socCode: 2221,
		name: 'Physiotherapists',
		frequency: 2,
		salary: 85000,
		industry: 'Healthcare',
		titles: ['Physiotherapist', 'Sports Physiotherapist'],
		skills: [
			'Manual Therapy',
			'Rehabilitation',
			'Exercise Prescription',
			'Patient Assessment',
			'Sports Injury Management',
			'Clinical Documentation',
			'Hydrotherapy',
		],
		studyFields: ['Physiotherapy', 'Exercise Science'],
	},
	{
		socCode: 2237,
		name: 'Other registered nursing professionals',
		frequency: 5,
		salary: 80000,
		industry: 'Healthcare',
		titles: ['Registered Nurse', 'Clinical Nurse', 'Nurse Unit Manager'],
		skills: [
			'Patient Care',
			'Medication Administration',
			'Wound Care',
			'Triage',
			'Clinical Assessment',
			'Electronic Medical Records',
			'Infection Control',
			'Basic Life Support',
		],
		studyFields: ['Nursing'],
	},
	{
		socCode: 2314,
		name: 'Secondary education teaching professionals',
		frequency: 4,
		salary: 75000,
		industry: 'Education',
		titles: [
			'Secondary School Teacher',
			'Mathematics Teacher',
			'Science Teacher',
			'Head of Department',
		],
		skills: [
			'Curriculum Development',
			'Classroom Management',
			'Lesson Planning',
			'Student Assessment',
			'Differentiated Instruction',
			'Google Classroom',
			'Mentoring',
		],
		studyFields: ['Education', 'Mathematics', 'Science'],
	},
	{
		socCode: 2412,
		name: 'Solicitors and lawyers',
		frequency: 2,
		salary: 140000,
		industry: 'Legal',
		titles: ['Lawyer', 'Solicitor', 'Legal Counsel'],
		skills: [
			'Contract Law',
			'Litigation',
			'Legal Research',
			'Negotiation',
			'Corporate Law',
			'Compliance',
			'Drafting',
			'Employment Law',
		],
		studyFields: ['Law'],
	},
	{
		socCode: 2421,
		name: 'Chartered and certified accountants',
		frequency: 4,
		salary: 90000,
		industry: 'Accounting',
		titles: ['Accountant', 'Management Accountant', 'Financial Accountant', 'Auditor'],
		skills: [
			'Financial Reporting',
			'IFRS',
			'Xero',
			'MYOB',
			'SAP',
			'Microsoft Excel',
			'Taxation',
			'Auditing',
			'Reconciliations',
			'Budgeting',
		],
		studyFields: ['Accounting', 'Commerce', 'Finance'],
	},
	{
		socCode: 2422,
		name: 'Finance and investment analysts and advisers',
		frequency: 3,
		salary: 110000,
		industry: 'Financial Services',
		titles: ['Financial Analyst', 'Investment Analyst', 'Financial Adviser'],
		skills: [
			'Financial Modelling',
			'Valuation',
			'Microsoft Excel',
			'Bloomberg',
			'Forecasting',
			'Power BI',
			'Risk Analysis',
			'SQL',
		],
		studyFields: ['Finance', 'Economics', 'Commerce'],
	},
	{
		socCode: 2425,
		name: 'Actuaries, economists and statisticians',
		frequency: 4,
		salary: 130000,
		industry: 'Information Technology',
		titles: ['Data Scientist', 'Machine Learning Engineer', 'Statistician', 'Economist'],
		skills: [
			'Python',
			'R',
			'Machine Learning',
			'SQL',
			'TensorFlow',
			'PyTorch',
			'Statistics',
			'Pandas',
			'Deep Learning',
			'NLP',
			'Spark',
			'Data Visualisation',
		],
		studyFields: ['Statistics', 'Mathematics', 'Data Science', 'Computer Science'],
	},
	{
		socCode: 3131,
		name: 'IT operations technicians',
		frequency: 3,
		salary: 70000,
		industry: 'Information Technology',
		titles: ['Systems Administrator', 'DevOps Engineer', 'Cloud Engineer'],
		skills: [
			'Linux',
			'Windows Server',
			'AWS',
			'Azure',
			'Terraform',
			'Ansible',
			'Docker',
			'Kubernetes',
			'Bash',
			'PowerShell',
			'Monitoring',
			'CI/CD',
		],
		studyFields: ['Information Technology', 'Computer Science'],
	},
	{
		socCode: 3132,
		name: 'IT user support technicians',
		frequency: 3,
		salary: 55000,
		industry: 'Information Technology',
		titles: ['IT Support Analyst', 'Help Desk Technician', 'Service Desk Analyst'],
		skills: [
			'Active Directory',
			'Office 365',
			'Troubleshooting',
			'ITIL',
			'Windows 11',
			'ServiceNow',
			'Customer Service',
			'Networking',
		],
		studyFields: ['Information Technology'],
	},
	{
		socCode: 3544,
		name: 'Data analysts',
		frequency: 5,
		salary: 90000,
		industry: 'Information Technology',
		titles: ['Data Analyst', 'Business Intelligence Analyst', 'Reporting Analyst'],
		skills: [
			'SQL',
			'Power BI',
			'Tableau',
			'Microsoft Excel',
			'Python',
			'Data Visualisation',
			'Statistics',
			'ETL',
			'Looker',
			'Snowflake',
		],
		studyFields: ['Statistics', 'Business Analytics', 'Economics', 'Mathematics'],
	},
	{
		socCode: 3545,
		name: 'Marketing associate professionals',
		frequency: 4,
		salary: 70000,
		industry: 'Marketing',
		titles: [
			'Marketing Coordinator',
			'Digital Marketing Specialist',
			'Content Marketing Manager',
			'SEO Specialist',
		],
		skills: [
			'SEO',
			'Google Analytics',
			'Content Marketing',
			'Social Media Marketing',
			'HubSpot',
			'Copywriting',
			'Email Marketing',
			'Google Ads',
			'Canva',
		],
		studyFields: ['Marketing', 'Communications', 'Business'],
	},
	{
		socCode: 3562,
		name: 'Human resources and industrial relations officers',
		frequency: 3,
		salary: 68000,
		industry: 'Human Resources',
		titles: ['HR Advisor', 'Recruiter', 'Talent Acquisition Specialist', 'HR Business Partner'],
		skills: [
			'Recruiting',
			'Talent Acquisition',
			'Onboarding',
			'Employee Relations',
			'Workday',
			'LinkedIn Recruiter',
			'Interviewing',
			'HR Policies',
		],
		studyFields: ['Human Resource Management', 'Psychology', 'Business'],
	},
	{
		socCode: 4122,
		name: 'Book-keepers, payroll managers and wages clerks',
		frequency: 3,
		salary: 55000,
		industry: 'Accounting',
		titles: ['Bookkeeper', 'Payroll Officer', 'Accounts Payable Officer'],
		skills: [
			'Xero',
			'MYOB',
			'Payroll',
			'Accounts Payable',
			'Accounts Receivable',
			'Microsoft Excel',
			'Reconciliations',
			'Data Entry',
		],
		studyFields: ['Accounting', 'Bookkeeping'],
	},
	{
		socCode: 5241,
		name: 'Electricians and electrical fitters',
		frequency: 3,
		salary: 75000,
		industry: 'Construction',
		titles: ['Electrician', 'Electrical Fitter', 'Maintenance Electrician'],
		skills: [
			'Electrical Installation',
			'Fault Finding',
			'Wiring',
			'Testing and Tagging',
			'PLC',
			'Solar Installation',
			'Work Health and Safety',
			'Reading Schematics',
		],
		studyFields: ['Electrotechnology'],
	},
	{
		socCode: 7211,
		name: 'Call and contact centre occupations',
		frequency: 4,
		salary: 48000,
		industry: 'Customer Service',
		titles: [
			'Customer Service Representative',
			'Contact Centre Agent',
			'Customer Support Specialist',
		],
		skills: [
			'Customer Service',
			'Complaint Handling',
			'Zendesk',
			'Salesforce',
			'Data Entry',
			'Conflict Resolution',
			'Upselling',
			'CRM',
		],
		studyFields: ['Business', 'Communications'],
	},
];

const UNIT_NAMES = new Map(OCCUPATIONS.map((o) => [o.socCode, o.name]));

/** A code's name at any level of the tree. */
export function occupationGroupName(code: number): string | undefined {
	return UNIT_NAMES.get(code) ?? GROUP_NAMES[code];
}

/** The codes a unit group sits under: major, sub-major, minor (e.g. 2134 -> 2, 21, 213). */
export function ancestorCodes(code: number): number[] {
	const digits = String(code);
	const out: number[] = [];
	for (let i = 1; i < digits.length; i++) out.push(Number(digits.slice(0, i)));
	return out;
}

function buildTree(): OccupationGroup[] {
	const nodes = new Map<number, OccupationGroup>();
	const node = (code: number): OccupationGroup => {
		let found = nodes.get(code);
		if (!found) {
			found = { code, name: occupationGroupName(code) ?? String(code), children: [] };
			nodes.set(code, found);
		}
		return found;
	};
	const roots: OccupationGroup[] = [];
	for (const occupation of OCCUPATIONS) {
		const chain = [...ancestorCodes(occupation.socCode), occupation.socCode];
		chain.forEach((code, i) => {
			const current = node(code);
			if (i === 0) {
				if (!roots.includes(current)) roots.push(current);
			} else {
				const parent = node(chain[i - 1]);
				if (!parent.children.includes(current)) parent.children.push(current);
			}
		});
	}
	const sort = (list: OccupationGroup[]): void => {
		list.sort((a, b) => a.code - b.code);
		list.forEach((n) => sort(n.children));
	};
	sort(roots);
	return roots;
}

/** GET /v3/occupation_groups: the tree, major groups at the root. */
export const OCCUPATION_TREE: readonly OccupationGroup[] = buildTree();

const titleWords = (title: string): string[] =>
	title
		.toLowerCase()
		.split(/[^a-z0-9+#]+/)
		.filter(Boolean);

/** Rare words say more: "backend" picks an occupation, "engineer" hardly does. */
const WORD_WEIGHT: ReadonlyMap<string, number> = (() => {
	const counts = new Map<string, number>();
	for (const occupation of OCCUPATIONS) {
		for (const title of occupation.titles)
			for (const word of new Set(titleWords(title))) counts.set(word, (counts.get(word) ?? 0) + 1);
	}
	return new Map([...counts].map(([word, count]) => [word, 1 / count]));
})();

const weightOf = (words: Iterable<string>): number => {
	let total = 0;
	for (const word of words) total += WORD_WEIGHT.get(word) ?? 1;
	return total;
};

/**
 * The occupation whose titles best match `title`: shared words weighted by rarity, scored as the
 * harmonic mean of how much of the title and how much of the known title they cover.
 */
export function occupationForTitle(title: string): Occupation | undefined {
	const words = new Set(titleWords(title));
	const titleWeight = weightOf(words);
	let best: Occupation | undefined;
	let bestScore = 0;
	for (const occupation of OCCUPATIONS) {
		for (const candidate of occupation.titles) {
			const candidateWords = titleWords(candidate);
			const shared = weightOf(candidateWords.filter((w) => words.has(w)));
			if (shared === 0) continue;
			const precision = shared / titleWeight;
			const recall = shared / weightOf(candidateWords);
			const score = (2 * precision * recall) / (precision + recall);
			if (score > bestScore) {
				bestScore = score;
				best = occupation;
			}
		}
	}
	return bestScore >= 0.35 ? best : undefined;
}
