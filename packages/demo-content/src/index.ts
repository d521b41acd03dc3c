export * from './content';
export { amenityIconSvg, dishImageSvg, roomImageSvg } from './pictures';
