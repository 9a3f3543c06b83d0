/**
 * Abstract profile pictures for the seed authors: a gradient and a motif of the author's field,
 * drawn as SVG and stored as a 256×256 PNG, as an uploaded avatar would be.
 */
import sharp from 'sharp';
import { createRandom } from '../random.js';

export type AvatarMotif = 'orbits' | 'waves' | 'hexagons' | 'dots' | 'rings' | 'peaks';

export interface AvatarSpec {
  motif: AvatarMotif;
  /** Two colours of the background gradient. */
  colors: [string, string];
  seed: number;
}

const SIZE = 256;

export function avatarSvg({ motif, colors, seed }: AvatarSpec): string {
  const random = createRandom(seed);
  const shapes: string[] = [];
  const white = (opacity: number) => `stroke="#ffffff" stroke-opacity="${opacity}" fill="none"`;
  switch (motif) {
    case 'orbits':
      for (let index = 0; index < 3; index += 1) {
        const angle = index * 60 + random.between(-8, 8);
        shapes.push(
          `<ellipse cx="128" cy="128" rx="96" ry="34" transform="rotate(${angle.toFixed(1)} 128 128)" ${white(0.85)} stroke-width="6"/>`,
        );
      }
      shapes.push('<circle cx="128" cy="128" r="18" fill="#ffffff"/>');
      break;
    case 'waves':
      for (let index = 0; index < 5; index += 1) {
        const y = 60 + index * 34;
        const amplitude = random.between(10, 24);
        shapes.push(
          `<path d="M0,${y} C64,${(y - amplitude).toFixed(1)} 96,${(y + amplitude).toFixed(1)} 128,${y} ` +
            `S192,${(y - amplitude).toFixed(1)} 256,${y}" ${white(0.4 + index * 0.12)} stroke-width="7"/>`,
        );
      }
      break;
    case 'hexagons':
      for (let row = 0; row < 4; row += 1) {
        for (let column = 0; column < 4; column += 1) {
          const cx = 40 + column * 60 + (row % 2) * 30;
          const cy = 44 + row * 52;
          const points = Array.from({ length: 6 }, (_, corner) => {
            const angle = (Math.PI / 3) * corner + Math.PI / 6;
            return `${(cx + 26 * Math.cos(angle)).toFixed(1)},${(cy + 26 * Math.sin(angle)).toFixed(1)}`;
          }).join(' ');
          shapes.push(
            `<polygon points="${points}" ${white(random.between(0.3, 0.9))} stroke-width="4"/>`,
          );
        }
      }
      break;
    case 'dots':
      for (let index = 0; index < 28; index += 1) {
        shapes.push(
          `<circle cx="${random.between(20, 236).toFixed(1)}" cy="${random.between(20, 236).toFixed(1)}" ` +
            `r="${random.between(5, 20).toFixed(1)}" fill="#ffffff" fill-opacity="${random.between(0.2, 0.75).toFixed(2)}"/>`,
        );
      }
      break;
    case 'rings':
      for (let index = 0; index < 6; index += 1) {
        shapes.push(
          `<circle cx="128" cy="128" r="${18 + index * 18}" ${white(1 - index * 0.14)} stroke-width="${7 - index}"/>`,
        );
      }
      break;
    case 'peaks': {
      const points = Array.from({ length: 33 }, (_, index) => {
        const x = index * 8;
        const y =
          190 -
          120 * Math.exp(-(((x - 90) / 22) ** 2)) -
          70 * Math.exp(-(((x - 170) / 18) ** 2)) -
          random.between(0, 10);
        return `${x},${y.toFixed(1)}`;
      });
      shapes.push(
        `<polyline points="${points.join(' ')}" ${white(0.95)} stroke-width="6" stroke-linejoin="round"/>`,
        `<line x1="0" y1="200" x2="256" y2="200" ${white(0.6)} stroke-width="4"/>`,
      );
      break;
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">`,
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/>`,
    '</linearGradient></defs>',
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>`,
    ...shapes,
    '</svg>',
  ].join('\n');
}

export function renderAvatar(spec: AvatarSpec): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(spec)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
