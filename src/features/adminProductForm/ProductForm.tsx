import { useMachine } from '@xstate/react';
import { useEffect, useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { hasUnsavedChanges, type productFormMachine } from '~/machines/productForm.machine';
import { brandName } from '~/src/domain/brands';
import { BRANDS, CATEGORIES } from '~/src/domain/brandsAndCategories';
import { firstInvalidField, productFormValidity, shownProductErrors } from '~/src/domain/productForm';
import { firstInvalidShade, shadeErrors } from '~/src/domain/shadeForm';
import type { ProductField } from '~/src/domain/validation/product';
import { useCatalogueChanged } from '~/src/state/shop/catalogueChanged';
import { Button } from '~/src/ui/Button/Button';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import { Field } from '~/src/ui/Field/Field';
import { Spinner } from '~/src/ui/Spinner/Spinner';
import { notify } from '~/src/ui/toast';
import { DescriptionField } from './DescriptionField';
import { ImageField, type UploadStatus } from './ImageField';
import { LeaveGuard } from './LeaveGuard';
import { PRODUCT_LIST_PATH, ProductNotFound } from './ProductNotFound';
import { SAVE_UNCONFIRMED } from './productForm.actors';
import { productFormLogic, type ProductFormActors } from './productForm.logic';
import * as styles from './ProductForm.css';
import { SelectField } from './SelectField';
import { ShadeEditor, shadeFieldId } from './ShadeEditor/ShadeEditor';

/** Create (productId null) or edit a product: a thin view over the product-form machine. */
export function ProductForm({ productId, actors }: { productId: number | null; actors: ProductFormActors }) {
  const catalogueChanged = useCatalogueChanged();
  const [state, send, actor] = useMachine(productFormLogic(actors, { notify, catalogueChanged }), { input: { productId } });
  const navigate = useNavigate();
  const saved = state.matches('saved');
  useEffect(() => {
    if (saved) navigate(PRODUCT_LIST_PATH);
  }, [saved, navigate]);

  if (state.matches('notFound')) return <ProductNotFound id={String(productId)} />;
  return (
    <section className={styles.page} aria-labelledby="product-form-title">
      <h1 id="product-form-title" className={styles.title}>
        {productId === null ? 'Add product' : 'Edit product'}
      </h1>
      {state.hasTag('loading') ? (
        <Spinner label="Loading product" />
      ) : state.matches('failed') ? (
        <ErrorState message="The product could not be loaded." onRetry={() => send({ type: 'RETRY' })} />
      ) : (
        <FormView state={state} send={send} unsaved={() => hasUnsavedChanges(actor.getSnapshot())} creating={productId === null} />
      )}
    </section>
  );
}

type Machine = ReturnType<typeof useMachine<typeof productFormMachine>>;

function FormView({ state, send, unsaved, creating }: { state: Machine[0]; send: Machine[1]; unsaved(): boolean; creating: boolean }) {
  const base = useId();
  const idOf = (field: ProductField | 'shades') => `${base}-${field}`;
  const shadesId = idOf('shades');
  const { values, shades, editing, touched, refusal, uploadError, uploadFor, pictureUploaded, hidden } = state.context;
  const shown = shownProductErrors(values, { editing, touched });
  const errorOf = (field: ProductField) => shown[field] ?? (refusal?.field === field ? refusal.message : undefined);
  const saving = state.hasTag('saving');
  const uploading = state.hasTag('uploading');
  const uploadStatus =
    (['uploading', 'uploaded', 'refused'] as const).find((s) => state.matches({ editing: { image: s } })) ??
    ('idle' satisfies UploadStatus);
  // The upload under way or last done is the product's picture's, or a shade's.
  const imageStatus = uploadFor === null ? uploadStatus : pictureUploaded ? 'uploaded' : 'idle';

  const focus = (field: ProductField) => document.getElementById(idOf(field))?.focus();
  // The server refused a field: focus goes there, where its message is read out.
  const refusedField = refusal?.field;
  useEffect(() => {
    if (refusedField) document.getElementById(`${base}-${refusedField}`)?.focus();
  }, [refusal, refusedField, base]);
  const change = (field: ProductField) => (value: string) => send({ type: 'CHANGE', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Refused while invalid: the first field to fix becomes the one being edited, and gets the focus.
    const invalid = firstInvalidField(productFormValidity(values));
    const invalidShade = firstInvalidShade(shades);
    send({ type: 'SUBMIT' });
    if (invalid) focus(invalid);
    else if (invalidShade) document.getElementById(shadeFieldId(shadesId, invalidShade.key, invalidShade.field))?.focus();
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      {hidden && <p className={styles.note}>This product is disabled: shoppers do not see it.</p>}
      <fieldset className={styles.fields} disabled={saving}>
        <legend className={styles.legend}>Product details</legend>
        <div className={styles.wide}>
          <Field
            id={idOf('name')}
            label="Name"
            value={values.name}
            error={errorOf('name')}
            onChange={(e) => change('name')(e.target.value)}
            autoComplete="off"
          />
        </div>
        <Field
          id={idOf('price')}
          label="Price ($)"
          inputMode="decimal"
          value={values.price}
          error={errorOf('price')}
          onChange={(e) => change('price')(e.target.value)}
          autoComplete="off"
        />
        <Field
          id={idOf('stock')}
          label="Stock"
          inputMode="numeric"
          value={values.stock}
          error={errorOf('stock')}
          readOnly={shades.length > 0}
          hint={shades.length > 0 ? 'The sum of the shades’ stock' : undefined}
          onChange={(e) => change('stock')(e.target.value)}
          autoComplete="off"
        />
        <SelectField
          id={idOf('brand')}
          label="Brand"
          placeholder="Choose a brand"
          choices={BRANDS}
          labelOf={brandName}
          value={values.brand}
          error={errorOf('brand')}
          onChange={(e) => change('brand')(e.target.value)}
        />
        <SelectField
          id={idOf('category')}
          label="Category"
          placeholder="Choose a category"
          choices={CATEGORIES}
          value={values.category}
          error={errorOf('category')}
          onChange={(e) => change('category')(e.target.value)}
        />
        <Field
          id={idOf('discount')}
          label="Discount (%)"
          inputMode="numeric"
          value={values.discount}
          error={errorOf('discount')}
          onChange={(e) => change('discount')(e.target.value)}
          autoComplete="off"
        />
        <div className={styles.wide}>
          <DescriptionField
            id={idOf('description')}
            value={values.description}
            error={errorOf('description')}
            disabled={saving}
            onChange={change('description')}
          />
        </div>
        <div className={styles.wide}>
          <ImageField
            id={idOf('image')}
            image={values.image}
            status={imageStatus}
            uploadError={uploadFor === null ? uploadError : null}
            error={errorOf('image')}
            disabled={saving}
            onFile={(file) => send({ type: 'UPLOAD', file })}
          />
        </div>
        <div className={styles.wide}>
          <ShadeEditor
            id={shadesId}
            shades={shades}
            errors={shadeErrors(shades)}
            refusal={refusal?.field === 'shades' ? refusal.message : undefined}
            uploading={uploadFor !== null && uploadStatus === 'uploading' ? uploadFor : null}
            uploaded={uploadFor !== null && uploadStatus === 'uploaded' ? uploadFor : null}
            uploadError={uploadFor !== null && uploadError ? { key: uploadFor, message: uploadError } : null}
            disabled={saving}
            onChange={(next) => send({ type: 'SHADES', shades: next })}
            onFile={(shade, file) => send({ type: 'UPLOAD', file, shade })}
          />
        </div>
      </fieldset>
      {refusal && !refusal.field && (
        <p role="alert" className={styles.refusal}>
          {refusal.message}
        </p>
      )}
      {state.matches({ editing: { form: 'failed' } }) && <ErrorState message={SAVE_UNCONFIRMED} onRetry={() => send({ type: 'SUBMIT' })} />}
      <div className={styles.actions}>
        {saving && <Spinner label="Saving product" />}
        <Button type="submit" disabled={saving || uploading}>
          {creating ? 'Create product' : 'Save changes'}
        </Button>
      </div>
      <LeaveGuard unsaved={unsaved} dirty={hasUnsavedChanges(state)} />
    </form>
  );
}
