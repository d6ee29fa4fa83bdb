import { useMemo } from 'react';
import { CollaboratorInputSchema, ReleaseInputSchema, type CollaboratorInput, type ReleaseInput } from '../../content/model';
import { translate } from '../../i18n/translate';
import { siteConfig } from '../../../site.config';
import { useBackend } from '../auth';
import { ListEditor } from './list-editor';

export function ReleasesPage() {
  const backend = useBackend();
  const ops = useMemo(
    () => ({
      list: () => backend.listReleases(),
      add: (input: ReleaseInput) => backend.addRelease(input),
      update: (id: string, input: ReleaseInput) => backend.updateRelease(id, input),
      remove: (id: string) => backend.deleteRelease(id),
      reorder: (ids: string[]) => backend.reorderReleases(ids),
    }),
    [backend],
  );
  return (
    <ListEditor<ReleaseInput>
      title="Releases"
      noun="release"
      fields={[
        { key: 'title', label: 'Title' },
        { key: 'meta', label: 'Details (album, year, songs)' },
        { key: 'url', label: 'Link', type: 'url' },
      ]}
      schema={ReleaseInputSchema}
      name={(r) => r.title}
      {...ops}
    />
  );
}

/** The public page's "Worked with" block falls back to site.config.ts's list: the admin is told so. */
const DEFAULT_COLLABORATORS_NOTE = `Visitors see the default list until you add one: ${siteConfig.defaultCollaborators
  .map((c) => `${c.name} (${translate('en', `workedWith.role.${c.role}`)})`)
  .join(', ')}.`;

export function CollaboratorsPage() {
  const backend = useBackend();
  const ops = useMemo(
    () => ({
      list: () => backend.listCollaborators(),
      add: (input: CollaboratorInput) => backend.addCollaborator(input),
      update: (id: string, input: CollaboratorInput) => backend.updateCollaborator(id, input),
      remove: (id: string) => backend.deleteCollaborator(id),
      reorder: (ids: string[]) => backend.reorderCollaborators(ids),
    }),
    [backend],
  );
  return (
    <ListEditor<CollaboratorInput>
      title="Collaborators"
      noun="collaborator"
      fields={[
        { key: 'name', label: 'Name' },
        { key: 'role', label: 'Role' },
      ]}
      schema={CollaboratorInputSchema}
      name={(c) => c.name}
      emptyNote={DEFAULT_COLLABORATORS_NOTE}
      {...ops}
    />
  );
}
