import { IMAGE_UPLOAD_TYPES } from '~/src/domain/constants';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { api } from '~/src/api/client';
import { errorMessage, isServerFailure } from '~/src/api/replies';
import { uploadImage } from '~/src/api/upload';
import { toLoggedUser } from '~/src/auth/shopUser';
import type { LoggedUser } from '~/src/domain/types';
import { usernameError } from '~/src/domain/validation/account';
import { MESSAGES } from '~/src/domain/validation/messages';
import { Button } from '~/src/ui/Button/Button';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import { Field } from '~/src/ui/Field/Field';
import * as styles from './EditUserDialog.css';

const NOT_SAVED = 'Your profile could not be saved. Please try again.';
const NOT_UPLOADED = 'The image could not be uploaded. Please try again.';

interface Props {
  user: LoggedUser;
  open: boolean;
  onOpenChange(open: boolean): void;
  onSaved(user: LoggedUser): void;
}

/** 'Edit User': Name and 'Upload Image' saved with PUT /users; the sign-in email is shown, changed at the provider. */
export function EditUserDialog({ user, open, onOpenChange, onSaved }: Props) {
  const [username, setUsername] = useState(user.username);
  const [img, setImg] = useState(user.img);
  const [upload, setUpload] = useState<'idle' | 'uploading' | 'done'>('idle');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const nameError = usernameError(username);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUpload('uploading');
    setError(undefined);
    const result = await uploadImage(file).catch(() => ({ error: NOT_UPLOADED }));
    if ('url' in result) {
      setImg(result.url);
      setUpload('done');
    } else {
      setError(result.error);
      setUpload('idle');
    }
  };

  const save = async () => {
    if (nameError) return;
    setSaving(true);
    setError(undefined);
    setFailed(false);
    const reply = await api.PUT('/users', { body: { userId: user.id, newUser: { username, ...(img ? { img } : {}) } } }).catch(() => null);
    setSaving(false);
    if (!reply?.data) {
      // Refused (4xx): the API says why; failed (no answer, 5xx): a Retry. The dialog keeps what was typed.
      const refused = reply && !isServerFailure(reply.response.status) && errorMessage(reply.error);
      return refused ? setError(refused) : setFailed(true);
    }
    onSaved(toLoggedUser(reply.data));
    onOpenChange(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} aria-describedby={undefined}>
          <Dialog.Title className={styles.title}>Edit User</Dialog.Title>
          <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
            <Field label="Name" value={username} onChange={(e) => setUsername(e.target.value)} error={nameError} autoComplete="username" />
            <Field label="Email" value={user.email} disabled hint="Your sign-in email is changed with your account provider." />
            <Field
              label="Upload Image"
              type="file"
              accept={IMAGE_UPLOAD_TYPES}
              onChange={(e) => void choose(e.target.files?.[0])}
              disabled={upload === 'uploading'}
            />
            {upload === 'done' && img && (
              <>
                <p className={styles.uploaded} role="status">
                  {MESSAGES.uploadSuccess}
                </p>
                {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the photo just uploaded, named as the photo it will be */}
                <img className={styles.preview} src={img} alt="New profile photo" />
              </>
            )}
            {error && <p role="alert">{error}</p>}
            {failed && !saving && <ErrorState message={NOT_SAVED} onRetry={() => void save()} />}
            <div className={styles.actions}>
              <Dialog.Close asChild>
                <Button variant="ghost">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={saving || upload === 'uploading' || !!nameError}>
                Save
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
