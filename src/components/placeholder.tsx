/**
 * Where a figure goes until its answer arrives: a line of the surrounding text's height (it holds a
 * no-break space), hidden from assistive technology, which hears the page's loading status.
 */
export function Placeholder({ wide = false }: { wide?: boolean }) {
  return (
    <span
      className={wide ? 'skeleton skeleton--text skeleton--wide' : 'skeleton skeleton--text'}
      aria-hidden="true"
    >
      {'\u00a0'}
    </span>
  )
}
