/**
 * A media type's short name, as people know the kind of file: 'PDF', 'PNG', 'JPEG', 'TXT'. A module of its own: the
 * file upload picker (loaded on demand) and the builder use it, and the viewer's eager code carries none of it.
 */
export const fileTypeName = (type: string): string => (type === 'text/plain' ? 'TXT' : (type.split('/')[1] ?? type).toUpperCase());
