/** A page's "how it works" card: its steps in order, then a closing note. */
export function HowItWorks({
  id,
  title,
  steps,
  note,
}: {
  id: string
  title: string
  steps: readonly string[]
  note: string
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      <ol className="steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="muted">{note}</p>
    </section>
  )
}
