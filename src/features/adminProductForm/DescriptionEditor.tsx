import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import * as styles from './DescriptionEditor.css';

export interface DescriptionEditorProps {
  /** The text box's id, so the form can move focus to it. */
  id: string;
  /** The element naming the editor (its label). */
  labelId: string;
  /** The message and hint tied to the editor. */
  describedBy: string | undefined;
  invalid: boolean;
  disabled: boolean;
  /** The description as HTML; '' when empty. */
  value: string;
  onChange(html: string): void;
}

/**
 * Only what the server's sanitiser keeps (src/domain/description.ts): paragraphs,
 * line breaks, bold, italic, underline and lists; no headings, quotes,
 * code, rules, strike-through or links. No trailing paragraph is added
 * either, so a loaded description stays as it was until it is edited.
 */
const extensions = [
  StarterKit.configure({
    heading: false,
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    link: false,
    trailingNode: false,
  }),
];

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

const MARKS = [
  { name: 'bold', label: 'Bold', toggle: (editor: Editor) => editor.chain().focus().toggleBold().run() },
  { name: 'italic', label: 'Italic', toggle: (editor: Editor) => editor.chain().focus().toggleItalic().run() },
  { name: 'underline', label: 'Underline', toggle: (editor: Editor) => editor.chain().focus().toggleUnderline().run() },
  { name: 'bulletList', label: 'Bulleted list', toggle: (editor: Editor) => editor.chain().focus().toggleBulletList().run() },
  { name: 'orderedList', label: 'Numbered list', toggle: (editor: Editor) => editor.chain().focus().toggleOrderedList().run() },
] as const;

/** The description's rich-text editor (Tiptap): a labelled multi-line text box with a row of formatting buttons, loaded with the admin form only. */
export default function DescriptionEditor({ id, labelId, describedBy, invalid, disabled, value, onChange }: DescriptionEditorProps) {
  // Given on every render: the editor takes the text box's name, message and state as the form changes them.
  const attributes: Record<string, string> = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    class: styles.content,
  };
  if (describedBy) attributes['aria-describedby'] = describedBy;
  if (invalid) attributes['aria-invalid'] = 'true';
  if (disabled) attributes['aria-disabled'] = 'true';
  const editor = useEditor({
    extensions,
    content: value,
    editable: !disabled,
    editorProps: { attributes },
    onUpdate: ({ editor: changed }) => {
      const html = htmlOf(changed);
      if (html !== value) onChange(html);
    },
  });

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(MARKS.map((mark) => [mark.name, current.isActive(mark.name)])) as Record<(typeof MARKS)[number]['name'], boolean>,
  });

  // A value set from outside (the form emptied after a product is created) replaces the text.
  useEffect(() => {
    if (value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // Quietly: an update here would hand the form the text it has just replaced.
  useEffect(() => editor.setEditable(!disabled, false), [editor, disabled]);

  return (
    <div className={styles.editor} data-invalid={invalid || undefined}>
      <div className={styles.toolbar} role="group" aria-label="Description formatting">
        {MARKS.map((mark) => (
          <button
            key={mark.name}
            type="button"
            className={styles.tool}
            aria-pressed={active[mark.name]}
            disabled={disabled}
            onClick={() => mark.toggle(editor)}
          >
            {mark.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
