import { Link } from 'react-router-dom'
import { shop } from '../../copy/shop'
import { useAppActors } from '../../app/app-context'
import { ProductArt } from '../../components/product-art'
import { ResourceStatus } from '../../components/resource-status'

/** /shop: what a player can get in the game, each with its benefits one tap away. */
export function Component() {
  const { config } = useAppActors()
  return (
    <div className="page shop">
      <div className="page__header">
        <h1>{shop.title}</h1>
        <p>{shop.intro}</p>
      </div>
      <ResourceStatus actor={config} loading={shop.loading} empty={shop.empty} failed={shop.failed}>
        {({ rules }) => (
          <ul className="product-grid">
            {rules.shop.products.map((product) => (
              <li key={product.id} className="card product-card">
                <ProductArt product={product.id} />
                <h2 className="card__title">{product.name}</h2>
                <p className="muted">{product.tagline}</p>
                <Link
                  className="button button--teal"
                  to={`/shop/${product.id}`}
                  aria-label={`${shop.seeBenefits}: ${product.name}`}
                >
                  {shop.seeBenefits}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </ResourceStatus>
    </div>
  )
}
