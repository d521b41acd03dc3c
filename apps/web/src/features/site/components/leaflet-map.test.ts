import { afterEach, describe, expect, it } from 'vitest';
import { mountMap } from './leaflet-map';

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  document.body.innerHTML = '';
});

describe('the contacts page’s map', () => {
  it('names its zoom buttons in the page’s language, not in Leaflet’s English (issue 26)', () => {
    const element = document.createElement('div');
    document.body.append(element);
    unmount = mountMap(element, { lat: 53.6784, lng: 23.8285, label: 'Дом 1799', zoomIn: 'Приблизить', zoomOut: 'Отдалить', onTiles: () => {}, onTilesFailed: () => {} });
    const zoomIn = element.querySelector('.leaflet-control-zoom-in')!;
    const zoomOut = element.querySelector('.leaflet-control-zoom-out')!;
    expect([zoomIn.getAttribute('title'), zoomIn.getAttribute('aria-label')]).toEqual(['Приблизить', 'Приблизить']);
    expect([zoomOut.getAttribute('title'), zoomOut.getAttribute('aria-label')]).toEqual(['Отдалить', 'Отдалить']);
    expect(element.textContent).not.toMatch(/Zoom/);
  });
});
