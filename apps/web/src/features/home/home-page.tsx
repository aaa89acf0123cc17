import { AfterFirstPaint } from '../../components/after-first-paint';
import { HomeBanner } from './home-banner';
import { HomeHighlights } from './home-highlights';
import { HomeProductLinks } from './home-product-links';
import { SolutionTable } from './solution-table';

/**
 * Home: the banner, then (a frame later, being mostly below the fold) why the service, the
 * solutions table and the operator's other products.
 */
export default function HomePage() {
  return (
    <>
      <HomeBanner />
      <AfterFirstPaint>
        <HomeHighlights />
        <SolutionTable />
        <HomeProductLinks />
      </AfterFirstPaint>
    </>
  );
}
