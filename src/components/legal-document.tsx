import type { LegalText } from '../copy/legal'

/** A long legal text: one h1, a section (h2) per part, readable line length. */
export function LegalDocument({ title, text }: { title: string; text: LegalText }) {
  return (
    <article className="page legal">
      <div className="page__header">
        <h1>{title}</h1>
        <p className="legal__updated">{text.updated}</p>
      </div>
      <p>{text.intro}</p>
      {text.sections.map((section) => (
        <section key={section.heading} aria-label={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.items ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  )
}
