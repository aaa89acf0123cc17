import { AfterFirstPaint } from '../../components/after-first-paint';
import { HomeBanner } from './home-banner';
import { HomeHighlights } from './home-highlights';
import { SolutionTable } from './solution-table';

/** Home: the banner, then (a frame later, being mostly below the fold) why the service and the solutions table. */
export default function HomePage() {
  return (
    <>
      <HomeBanner />
      <AfterFirstPaint>
        <HomeHighlights />
        <SolutionTable />
      </AfterFirstPaint>
    </>
  );
}
