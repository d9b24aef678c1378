// Documents as people write them: the plain text of a resume or job description built from its
// data. It becomes the generated document's rawText (what searchExpression searches) and the text
// of its PDF; the parser reads the same layout back.

import type { InvoiceFields, JobDescriptionFields, ResumeData } from './types';

function dateRange(start: string | null, end: string | null, isCurrent: boolean): string {
	const label = (iso: string | null): string => {
		if (!iso) return '';
		const [year, month] = iso.split('-');
		const names = [
			'Jan',
			'Feb',
			'Mar',
			'Apr',
			'May',
			'Jun',
			'Jul',
			'Aug',
			'Sep',
			'Oct',
			'Nov',
			'Dec',
		];
		return `${names[Number(month) - 1]} ${year}`;
	};
	return `${label(start)} - ${isCurrent ? 'Present' : label(end)}`;
}

export function renderResumeText(resume: ResumeData): string {
	const lines: string[] = [];
	const current = resume.workExperience.find((w) => w.dates?.isCurrent) ?? resume.workExperience[0];
	lines.push(resume.name?.raw ?? '');
	if (resume.profession ?? current?.jobTitle)
		lines.push(resume.profession ?? current?.jobTitle ?? '');
	const contact = [resume.location?.rawInput, resume.emails[0], resume.phoneNumbers[0]].filter(
		Boolean,
	);
	lines.push(contact.join(' | '));
	if (resume.linkedin) lines.push(resume.linkedin);
	if (resume.summary) lines.push('', 'SUMMARY', resume.summary);
	if (resume.workExperience.length > 0) {
		lines.push('', 'EXPERIENCE');
		for (const job of resume.workExperience) {
			const when = job.dates
				? ` (${dateRange(job.dates.startDate, job.dates.endDate, job.dates.isCurrent)})`
				: '';
			lines.push(`${job.jobTitle}, ${job.organization}${when}`);
			if (job.location) lines.push(job.location.rawInput);
			if (job.jobDescription) lines.push(job.jobDescription);
		}
	}
	if (resume.education.length > 0) {
		lines.push('', 'EDUCATION');
		for (const study of resume.education) {
			const year = study.dates?.isCurrent
				? ' (current)'
				: study.dates?.completionDate
					? ` (${study.dates.completionDate.slice(0, 4)})`
					: '';
			lines.push(`${study.accreditation?.education ?? ''}, ${study.organization ?? ''}${year}`);
		}
	}
	if (resume.skills.length > 0)
		lines.push('', 'SKILLS', resume.skills.map((s) => s.name).join(', '));
	if (resume.languages.length > 0) lines.push('', 'LANGUAGES', resume.languages.join(', '));
	if (resume.certifications.length > 0) lines.push('', 'CERTIFICATIONS', ...resume.certifications);
	return lines.join('\n');
}

export function renderJobDescriptionText(jd: JobDescriptionFields): string {
	const lines: string[] = [];
	lines.push(jd.jobTitle?.name ?? 'Job opening');
	if (jd.organizationName) lines.push(`Company: ${jd.organizationName}`);
	if (jd.location) lines.push(`Location: ${jd.location.rawInput}`);
	if (jd.jobType) lines.push(`Job type: ${jd.jobType}`);
	const pay = jd.expectedRemuneration;
	if (pay?.minimum && pay.maximum) {
		lines.push(`Salary: ${pay.currency} ${pay.minimum} - ${pay.maximum} per ${pay.unit}`);
	}
	lines.push(
		'',
		'ABOUT THE ROLE',
		`We are looking for a ${jd.jobTitle?.name ?? 'professional'} to join ${jd.organizationName ?? 'our team'}.`,
	);
	lines.push('', 'REQUIREMENTS');
	const years = jd.yearsExperience;
	if (years?.minimum !== null && years?.minimum !== undefined) {
		lines.push(
			years.maximum !== null
				? `- ${years.minimum}-${years.maximum} years of experience`
				: `- ${years.minimum}+ years of experience`,
		);
	}
	if (jd.educationAccreditation) lines.push(`- ${jd.educationAccreditation} or equivalent`);
	for (const skill of jd.skills) lines.push(`- ${skill}`);
	if (jd.languages.length > 0) lines.push(`- Fluent ${jd.languages.join(' and ')}`);
	if (jd.certifications.length > 0) lines.push(...jd.certifications.map((c) => `- ${c}`));
	if (jd.contactName || jd.contactEmail) {
		lines.push(
			'',
			'CONTACT',
			[jd.contactName, jd.contactEmail, jd.contactPhone].filter(Boolean).join(' | '),
		);
	}
	return lines.join('\n');
}

export function renderInvoiceText(invoice: InvoiceFields): string {
	return [
		`TAX INVOICE`,
		`${invoice.supplierName ?? ''}`,
		`Invoice number: ${invoice.invoiceNumber ?? ''}`,
		`Invoice date: ${invoice.invoiceDate ?? ''}`,
		`Due date: ${invoice.dueDate ?? ''}`,
		`Bill to: ${invoice.customerName ?? ''}`,
		'',
		`Subtotal: ${invoice.currency} ${invoice.subtotal?.toFixed(2) ?? ''}`,
		`Tax: ${invoice.currency} ${invoice.totalTax?.toFixed(2) ?? ''}`,
		`Total: ${invoice.currency} ${invoice.totalAmount?.toFixed(2) ?? ''}`,
	].join('\n');
}
