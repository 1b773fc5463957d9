import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ImageField, type UploadStatus } from './ImageField';

/** A real 1 x 1 PNG, so the preview shows a picture. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

/** The field as the form drives it: a chosen file is 'uploaded' at once to a blob URL, or refused. */
function Harness({ initialImage, refuse }: { initialImage: string; refuse: boolean }) {
  const [image, setImage] = useState(initialImage);
  const [status, setStatus] = useState<UploadStatus>('idle');
  const [uploadError, setUploadError] = useState<string | null>(null);
  return (
    <ImageField
      id="image"
      image={image}
      status={status}
      uploadError={uploadError}
      error={undefined}
      disabled={false}
      onFile={(file) => {
        setStatus('uploading');
        setUploadError(null);
        setTimeout(() => {
          if (refuse) {
            setStatus('refused');
            setUploadError('The file must be a PNG, JPEG, JPG, JFIF or TIFF image.');
            return;
          }
          setImage(URL.createObjectURL(file));
          setStatus('uploaded');
        }, 50);
      }}
    />
  );
}

const meta = {
  title: 'Admin/Product image field',
  component: Harness,
  parameters: { layout: 'padded' },
  args: { initialImage: '', refuse: false },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No image yet: the shop's own button, and a line saying none is chosen (not the browser's 'Choose File' / 'No file chosen'). The button's text is its name, so a voice command 'click Choose image' finds it. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = within(canvas.getByRole('group', { name: 'Image' }));
    await expect(canvas.getByText('Choose image')).toBeVisible();
    await expect(canvas.getByText('No image chosen')).toBeVisible();
    const chooser = field.getByLabelText('Choose image');
    await expect(chooser).toHaveAttribute('type', 'file');
    await expect(chooser).toHaveAccessibleName('Choose image');
    await expect(chooser).toHaveAccessibleDescription(expect.stringContaining('No image chosen'));
  },
};

/** After an upload the chosen file's name is shown (and said with the field), beside 'successful upload' and the preview. */
export const ChosenFileNamed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByLabelText('Choose image'), new File([PNG], 'rose-primer.png', { type: 'image/png' }));
    await expect(await canvas.findByText('successful upload')).toBeVisible();
    await expect(canvas.getByText('rose-primer.png')).toBeVisible();
    await expect(canvas.queryByText('No image chosen')).toBeNull();
    await expect(canvas.getByText('Change image')).toBeVisible();
    const chooser = canvas.getByLabelText('Change image');
    await expect(chooser).toHaveAccessibleName('Change image');
    await expect(chooser).toHaveAccessibleDescription(expect.stringContaining('rose-primer.png'));
    await waitFor(() => expect(canvas.getByRole('img', { name: 'Product image preview' }).getBoundingClientRect().width).toBe(120));
  },
};

/** Editing a product: its current image is named before any upload. */
export const CurrentImage: Story = {
  args: { initialImage: '/images/products/lipstick-a4161a.svg' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('lipstick-a4161a.svg')).toBeVisible();
    await expect(canvas.getByText('Change image')).toBeVisible();
    await expect(canvas.getByLabelText('Change image')).toHaveAccessibleDescription(expect.stringContaining('lipstick-a4161a.svg'));
  },
};

/** A refused file: the refusal, and still no image. */
export const Refused: Story = {
  args: { refuse: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByLabelText('Choose image'), new File(['not a picture'], 'notes.png', { type: 'image/png' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The file must be a PNG, JPEG, JPG, JFIF or TIFF image.');
    await expect(canvas.getByText('No image chosen')).toBeVisible();
  },
};
