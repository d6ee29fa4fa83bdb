/**
 * The control of an `image` field (a portrait, a cover): a <select> of the library's images with None,
 * labelled by the field's <label>, and a thumbnail of the chosen one with what still keeps it off the site.
 * A select rather than a grid of radios: the keyboard and screen readers already know it, and it holds
 * 200 images without a long page.
 */
import { useState, type ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { say } from '../kinds/form-model';
import { imageName, missingAltNote, Thumb, useMediaLibrary } from './library';
import { MEDIA_WORDS } from './words';

type Props = UseFormRegisterReturn & { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

export function ImagePicker({ ref, onChange, ...props }: Props) {
  const library = useMediaLibrary() ?? [];
  // The chosen id, for the preview: react-hook-form keeps the value in the <select> itself.
  const [chosen, setChosen] = useState<string | undefined>();
  const item = library.find((i) => i.id === chosen);
  const note = item ? missingAltNote(item) : undefined;
  const noteId = `${props.id}-note`;
  const hint = note ?? (library.length === 0 ? say(MEDIA_WORDS.pickerEmpty) : undefined);
  const describedBy = [props['aria-describedby'], hint && noteId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="picker">
      <select
        {...props}
        aria-describedby={describedBy}
        ref={(el) => {
          ref(el);
          if (el && chosen === undefined) setChosen(el.value);
        }}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          setChosen(event.target.value);
          return onChange(event);
        }}
      >
        <option value="">{say(MEDIA_WORDS.none)}</option>
        {library.map((image) => (
          <option key={image.id} value={image.id}>
            {imageName(image)}
          </option>
        ))}
      </select>
      {item && <Thumb item={item} />}
      {hint && (
        <p id={noteId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
