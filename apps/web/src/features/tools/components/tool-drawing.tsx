import type { Diagram, Hotspot } from '@shop/contract/tools';
import { useHydrated } from '../../../lib/hydrated';

/** What names a hotspot to a screen reader: its position and its part. */
export const hotspotName = (spot: Pick<Hotspot, 'label' | 'partsName'>) =>
  `Position ${spot.label}: ${spot.partsName}`;

/**
 * Places a hotspot at its share of the picture. Set through the element's style object, which the
 * pages' Content-Security-Policy allows (a `style` attribute in the markup it refuses).
 */
export const placeAt = (spot: { x: number; y: number }) => (button: HTMLElement | null) => {
  if (!button) return;
  button.style.left = `${spot.x * 100}%`;
  button.style.top = `${spot.y * 100}%`;
};

/**
 * A diagram: its picture with a button on each numbered hotspot, in the reading order of the
 * positions. The buttons show once the app has the page (they are placed by it); the parts list
 * below names every position meanwhile. The `first` drawing is what a tool's page shows first
 * (its largest paint): its picture is fetched first; the others when scrolled near.
 */
export function ToolDrawing({
  diagram,
  toolName,
  first,
  chosen,
  onChoose,
}: {
  diagram: Diagram;
  toolName: string;
  first: boolean;
  chosen: Hotspot | undefined;
  onChoose: (spot: Hotspot) => void;
}) {
  const hydrated = useHydrated();
  return (
    <figure className="relative overflow-hidden rounded-box border border-base-300 bg-base-100">
      <img
        src={diagram.img}
        alt={`${diagram.title}: the parts of the ${toolName}, numbered by position`}
        width={800}
        height={600}
        decoding="async"
        {...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
        className="block h-auto w-full"
      />
      {hydrated &&
        diagram.hotspots.map((spot, index) => {
          const pressed = chosen === spot;
          return (
            <button
              // A position may be drawn twice: its place in the list tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: hotspots have no id of their own
              key={`${index}-${spot.label}`}
              ref={placeAt(spot)}
              type="button"
              aria-label={hotspotName(spot)}
              aria-pressed={pressed}
              title={hotspotName(spot)}
              onClick={() => onChoose(spot)}
              className={`btn btn-circle btn-sm absolute -translate-x-1/2 -translate-y-1/2 border-2 shadow ${
                pressed ? 'btn-primary' : 'border-primary bg-base-100 text-primary'
              }`}
            >
              {spot.label}
            </button>
          );
        })}
    </figure>
  );
}
