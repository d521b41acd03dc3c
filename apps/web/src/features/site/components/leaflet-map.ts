/**
 * The interactive map, loaded when the guest asks for it (a separate chunk with Leaflet and its
 * CSS): OpenStreetMap tiles, no API key. Calls onTiles once the first tile has arrived, so the page
 * can swap its static picture for the map only when the map really shows something, and
 * onTilesFailed if a tile fails before any has arrived.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

export interface MapOptions {
  lat: number;
  lng: number;
  label: string;
  /** The zoom buttons' names in the page's language (Leaflet's own are English). */
  zoomIn: string;
  zoomOut: string;
  onTiles: () => void;
  onTilesFailed: () => void;
}

export function mountMap(element: HTMLElement, { lat, lng, label, zoomIn, zoomOut, onTiles, onTilesFailed }: MapOptions): () => void {
  const map = L.map(element, { scrollWheelZoom: false, zoomSnap: 0.5, zoomControl: false }).setView([lat, lng], 16);
  L.control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(map);
  const tiles = L.tileLayer('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', {
    maxZoom: 19,
    subdomains: 'abc',
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  });
  let arrived = false;
  tiles.once('tileload', () => {
    arrived = true;
    onTiles();
  });
  tiles.once('tileerror', () => !arrived && onTilesFailed());
  tiles.addTo(map);
  L.marker([lat, lng], {
    title: label,
    keyboard: false,
    icon: L.divIcon({ className: 'venue-map-pin', html: '<span></span>', iconSize: [34, 44], iconAnchor: [17, 44] }),
  }).addTo(map);
  return () => map.remove();
}
