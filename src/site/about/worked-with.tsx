import { siteConfig } from '../../../site.config';
import { collaboratorRole } from '../../content/collaborator-roles';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';

/**
 * In About's chunk (docs/decisions/0053): the collaborators the admin lists, each role in the page's language (the declaration's words, or the
 * admin's own in that language), or the configured ones until there are any.
 */
export default function WorkedWith() {
  const { t, lang } = useI18n();
  const { collaborators } = useContent().content;
  const people =
    collaborators.length > 0
      ? collaborators.map((c) => ({ id: c.id, name: c.name, role: collaboratorRole(c, lang) }))
      : siteConfig.defaultCollaborators.map((c) => ({ id: c.id, name: c.name, role: t(`workedWith.role.${c.role}`) }));
  return (
    <div className="worked-with">
      <h3>{t('workedWith.title')}</h3>
      <ul className="worked-with__list">
        {people.map((person) => (
          <li key={person.id}>
            <span className="worked-with__name">{person.name}</span>
            {person.role && <span className="worked-with__role">{person.role}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
