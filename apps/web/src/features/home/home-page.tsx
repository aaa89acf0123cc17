import { HomeBanner } from './home-banner';
import { HomeHighlights } from './home-highlights';
import { SolutionTable } from './solution-table';

/** Home: the banner, why the service, and the solutions table. */
export default function HomePage() {
  return (
    <>
      <HomeBanner />
      <HomeHighlights />
      <SolutionTable />
    </>
  );
}
