import { Link, useParams } from 'react-router-dom'
import { shop } from '../../copy/shop'
import { useAppActors } from '../../app/app-context'
import { NotFoundPage } from '../../app/not-found-page'
import { Icon } from '../../components/icons'
import { pageIcons } from '../../components/page-icons'
import { ProductArt } from '../../components/product-art'
import { ResourceStatus } from '../../components/resource-status'

/** /shop/{product}: the product's benefits and the screen where it is bought. */
export function Component() {
  const { config } = useAppActors()
  const { product: id } = useParams()
  return (
    <ResourceStatus actor={config} loading={shop.loading} empty={shop.empty} failed={shop.failed}>
      {({ rules }) => {
        const product = rules.shop.products.find((candidate) => candidate.id === id)
        if (!product) return <NotFoundPage />
        return (
          <div className="page shop-product">
            <Link className="back-link" to="/shop">
              {shop.back}
            </Link>
            <section className="card card--gold product-hero" aria-labelledby="product-title">
              <ProductArt product={product.id} />
              <div>
                <h1 id="product-title">{product.name}</h1>
                <p className="product-hero__tagline">{product.tagline}</p>
                <p>{product.description}</p>
              </div>
            </section>
            <section className="card" aria-labelledby="benefits-title">
              <h2 id="benefits-title" className="card__title">
                {shop.benefitsTitle}
              </h2>
              <ul className="benefits">
                {product.benefits.map((benefit) => (
                  <li key={benefit}>
                    <Icon path={pageIcons.check} />
                    {benefit}
                  </li>
                ))}
              </ul>
            </section>
            <section className="card" aria-labelledby="where-title">
              <h2 id="where-title" className="card__title">
                {shop.whereTitle}
              </h2>
              <p className="muted">{shop.whereText}</p>
              <Link className="button button--gold" to={product.obtain.path}>
                {product.obtain.label}
              </Link>
            </section>
          </div>
        )
      }}
    </ResourceStatus>
  )
}
