import { properties } from '../document/upload/uploadProperties';

/**
 * Parse a resume: Document → Upload under the name recruiters look for. Same parameters, same
 * request (Affinda recognises the CV, or takes the Document Type chosen), same output.
 */
export { execute } from '../document/upload.operation';

export const toolDescription =
	"Parses a candidate's resume (CV) from a public link: Affinda downloads the file and reads it. Returns one flat row: the resume's identifier (to pass to the match and search tools) and the candidate's name, email, phone, city, current job title, years of experience and skills. Argument: url, an http or https link to the CV file (PDF, Word, text, HTML or image). Each call adds a new resume to Affinda: call it once per CV; to find candidates already in Affinda, use the resume search tool. If the node is set to add documents to search indices (indexed lists them), the search tools find this one at once; if the add fails, the answer names the parsed document's identifier: do not upload it again.";

export const description = properties;
