import 'leaflet/dist/leaflet.css';
import { latLngBounds, type LeafletEvent, type Path } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { useLocation, useNavigate } from 'react-router';
import { fullName } from '../format';
import { sitterPagePath, type SitterPageState } from '../hooks/use-sitter-filters';
import type { SitterCard } from '../sitters-api';

type Located = SitterCard & { approximateLocation: { latitude: number; longitude: number } };

function FitToMarkers({ sitters }: { sitters: Located[] }) {
  const map = useMap();
  useEffect(() => {
    if (sitters.length === 0) return;
    const bounds = latLngBounds(
      sitters.map((s) => [s.approximateLocation.latitude, s.approximateLocation.longitude]),
    );
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 13 });
  }, [map, sitters]);
  return null;
}

/**
 * Leaflet listens for focus on a marker with a tooltip, which makes Chromium put the SVG shape in
 * the Tab order, unnamed. The list beside the map links to every sitter the map shows, so the
 * markers stay a pointer shortcut: out of the Tab order and of the accessibility tree.
 */
function keepMarkerOutOfTabOrder(event: LeafletEvent) {
  const shape = (event.target as Path).getElement();
  shape?.setAttribute('tabindex', '-1');
  shape?.setAttribute('aria-hidden', 'true');
}

/**
 * The sitters of the list at their approximate (≈1 km) locations; Leaflet loads with it. A marker
 * opens the sitter's page with the search's service and dates (`query`), as the card's link does.
 */
export default function SittersMap({ sitters, query }: { sitters: SitterCard[]; query: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const located = useMemo(
    () => sitters.filter((s): s is Located => s.approximateLocation !== null),
    [sitters],
  );
  return (
    <MapContainer
      center={[39.5, -98.35]}
      zoom={4}
      style={{ height: '100%', minHeight: 420, width: '100%', borderRadius: 12 }}
      aria-label="Map of the sitters listed"
    >
      <TileLayer
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
      />
      <FitToMarkers sitters={located} />
      {located.map((sitter) => (
        <CircleMarker
          key={sitter._id}
          center={[sitter.approximateLocation.latitude, sitter.approximateLocation.longitude]}
          radius={9}
          pathOptions={{ color: '#0b6e63', fillColor: '#2aa797', fillOpacity: 0.7 }}
          eventHandlers={{
            add: keepMarkerOutOfTabOrder,
            click: () =>
              void navigate(sitterPagePath(sitter._id, query), {
                state: { search: location.search } satisfies SitterPageState,
              }),
          }}
        >
          <Tooltip>{fullName(sitter)}</Tooltip>
        </CircleMarker>
      ))}
    </MapContainer>
  );
}
