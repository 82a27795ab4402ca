import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFStream,
  PDFString,
  type PDFDocument,
  type PDFObject,
} from '@cantoo/pdf-lib';

/** What a PDF viewer would run or hand to the system on its own, found in a report. */
export type ActiveContent = 'javascript' | 'launch' | 'embeddedFile' | 'formAction' | 'xfa';

/** Keys whose mere presence means active content, whatever their value. */
const ACTIVE_KEYS: Record<string, ActiveContent> = {
  JS: 'javascript',
  JavaScript: 'javascript',
  EF: 'embeddedFile',
  EmbeddedFiles: 'embeddedFile',
  XFA: 'xfa',
};

/** Values of /S (action type), /Type or /Subtype that mean active content. */
const ACTIVE_TYPES: Record<string, ActiveContent> = {
  JavaScript: 'javascript',
  Launch: 'launch',
  SubmitForm: 'formAction',
  ImportData: 'formAction',
  EmbeddedFile: 'embeddedFile',
  FileAttachment: 'embeddedFile',
  GoToE: 'embeddedFile',
  RichMedia: 'embeddedFile',
};

const TYPE_KEYS = new Set(['S', 'Type', 'Subtype']);

/**
 * A name as a viewer reads it. pdf-lib decodes `#xx` escapes with upper-case hex only, so
 * `/#4aavaScript` would pass for something else than the `/JavaScript` a viewer sees.
 */
function nameText(name: PDFName): string {
  return name
    .decodeText()
    .replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Browsers drop tabs, line breaks and leading controls from a URL before reading its scheme. */
function isJavaScriptUri(value: PDFObject): boolean {
  if (!(value instanceof PDFString || value instanceof PDFHexString)) return false;
  const scheme = [...value.decodeText()].filter((c) => c > ' ').join('');
  return scheme.toLowerCase().startsWith('javascript:');
}

function activeEntry(key: string, value: PDFObject): ActiveContent | null {
  const byKey = ACTIVE_KEYS[key];
  if (byKey) return byKey;
  if (TYPE_KEYS.has(key) && value instanceof PDFName) return ACTIVE_TYPES[nameText(value)] ?? null;
  if (key === 'URI' && isJavaScriptUri(value)) return 'javascript';
  return null;
}

/**
 * The first active content anywhere in the document: every object the file holds is visited,
 * referenced or not (the catalog, names trees, annotations, AcroForm and its fields included), so
 * an action cannot hide where a particular viewer would still find it.
 */
export function findActiveContent(doc: PDFDocument): ActiveContent | null {
  const pending: PDFObject[] = doc.context.enumerateIndirectObjects().map(([, object]) => object);
  for (let object = pending.pop(); object !== undefined; object = pending.pop()) {
    const dict =
      object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
    if (dict) {
      for (const [key, value] of dict.entries()) {
        const found = activeEntry(nameText(key), value);
        if (found) return found;
        pending.push(value);
      }
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    }
  }
  return null;
}
