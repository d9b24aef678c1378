// Tags: a workspace's labels for documents, each with an integer id, and the documents carrying it.

export interface TagRecord {
	id: number;
	name: string;
	/** The workspace's identifier: a tag belongs to one workspace. */
	workspace: string;
	/** Identifiers of the documents carrying the tag, in the order they were tagged. */
	documents: Set<string>;
}

export class Tags {
	private readonly byId = new Map<number, TagRecord>();
	private nextId = 1;

	create(name: string, workspace: string): TagRecord {
		const tag: TagRecord = { id: this.nextId++, name, workspace, documents: new Set() };
		this.byId.set(tag.id, tag);
		return tag;
	}

	get(id: number): TagRecord | undefined {
		return this.byId.get(id);
	}

	all(): TagRecord[] {
		return [...this.byId.values()];
	}

	named(name: string, workspace: string): TagRecord | undefined {
		return this.all().find((tag) => tag.name === name && tag.workspace === workspace);
	}

	delete(id: number): boolean {
		return this.byId.delete(id);
	}

	/** The tags a document carries, oldest tag first. */
	of(identifier: string): TagRecord[] {
		return this.all().filter((tag) => tag.documents.has(identifier));
	}

	/** A deleted document carries no tags any more. */
	forget(identifier: string): void {
		for (const tag of this.byId.values()) tag.documents.delete(identifier);
	}
}

/** A tag as the service shows it (`Tag`). */
export function tagView(tag: TagRecord) {
	return {
		id: tag.id,
		name: tag.name,
		workspace: tag.workspace,
		documentCount: tag.documents.size,
	};
}
