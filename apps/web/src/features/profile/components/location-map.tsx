import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer, useMapEvents } from 'react-leaflet';
import type { Coordinates } from '../profile-form';

type LocationMapProps = {
  value: Coordinates | null;
  onPick: (coordinates: Coordinates) => void;
};

/** Geographic centre of the contiguous US: a sensible first view without a location. */
const DEFAULT_CENTER: [number, number] = [39.5, -98.35];

function ClickToPick({ onPick }: { onPick: LocationMapProps['onPick'] }) {
  useMapEvents({
    click(event) {
      onPick({
        latitude: Number(event.latlng.lat.toFixed(6)),
        longitude: Number(event.latlng.wrap().lng.toFixed(6)),
      });
    },
  });
  return null;
}

/** Leaflet map (loaded only with this screen): a click sets the profile's location. */
export default function LocationMap({ value, onPick }: LocationMapProps) {
  const center: [number, number] = value ? [value.latitude, value.longitude] : DEFAULT_CENTER;
  return (
    <MapContainer
      center={center}
      zoom={value ? 12 : 4}
      style={{ height: 320, width: '100%', borderRadius: 8 }}
      aria-label="Map: click to set your location"
    >
      <TileLayer
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
      />
      <ClickToPick onPick={onPick} />
      {value && (
        <CircleMarker
          center={[value.latitude, value.longitude]}
          radius={10}
          pathOptions={{ color: '#0b6e63', fillOpacity: 0.6 }}
        />
      )}
    </MapContainer>
  );
}
