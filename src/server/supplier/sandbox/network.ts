/**
 * The lines high-speed and cross-border trains run on, from public facts: each line's route (its
 * stations and junctions), its length where published, and the average speed a non-stop train
 * keeps on it. A train takes the quickest route through this network, so Paris → Genève runs on
 * the LGV Sud-Est to Mâcon, then on the Haut-Bugey line through Bellegarde (3 h 05 in the
 * timetable), and Paris → Montpellier leaves the LGV Méditerranée for the Nîmes–Montpellier
 * bypass. The speeds are calibrated on the fastest trains of real timetables
 * (rail-network.unit.test.ts holds the table).
 */
import { stations, type RefStation } from '@server/reference/places';
import { distanceKm } from '@server/reference/geo';

type Line = {
  name: string;
  /** Average running speed of a non-stop train, km/h (line speed less curves, junctions and slow approaches). */
  speed: number;
  /** Stations (their French name in data/stations.json) and junctions (JUNCTIONS), in order. */
  via: string[];
  /** Published length, km, spread over the segments in proportion to their straight length; without it, curves add 8 %. */
  km?: number;
};

/** Points of the network that are no station: where lines meet or fork (approximate public geography). */
const JUNCTIONS: Record<string, [number, number]> = {
  'Lieusaint (LGV Sud-Est)': [48.62, 2.57],
  'Crisenoy (Interconnexion Est)': [48.6, 2.75],
  'Pasilly (branche Dijon)': [47.7, 4.07],
  'Montanay (LGV Rhône-Alpes)': [45.88, 4.87],
  'Grenay (LGV Rhône-Alpes)': [45.66, 5.08],
  'Les Angles (branche Nîmes)': [43.95, 4.74],
  'Lattes (CNM)': [43.57, 3.87],
  'Courtalain (LGV Atlantique)': [48.08, 1.13],
  'Connerré (LGV Bretagne)': [48.06, 0.5],
  'Sablé (LGV Bretagne)': [47.88, -0.35],
  'Laval (LGV Bretagne)': [48.09, -0.8],
  'Cesson-Sévigné (LGV Bretagne)': [48.12, -1.6],
  'Tours-Nord (LGV Atlantique)': [47.46, 0.74],
  'Monts (LGV SEA)': [47.28, 0.62],
  'Migné (LGV SEA)': [46.62, 0.3],
  'La Couronne (LGV SEA)': [45.64, 0.12],
  'Ambarès (LGV SEA)': [44.95, -0.52],
  'Gonesse (LGV Nord)': [48.98, 2.45],
  'Vémars (LGV Nord)': [49.07, 2.57],
  'Fretin (LGV Nord)': [50.56, 3.13],
  'Croisilles (raccordement Arras)': [50.2, 2.87],
  'Coquelles (tunnel sous la Manche)': [50.92, 1.78],
  'Folkestone (tunnel sous la Manche)': [51.09, 1.14],
  'Antoing (HSL 1)': [50.57, 3.45],
  'Lembeek (HSL 1)': [50.71, 4.22],
  'Louvain (HSL 2)': [50.88, 4.72],
  'Ans (HSL 2)': [50.66, 5.5],
  'Vaires (LGV Est)': [48.87, 2.64],
  'Vandières (LGV Est)': [48.95, 6.02],
  'Baudrecourt (LGV Est)': [48.97, 6.45],
  'Vendenheim (LGV Est)': [48.67, 7.72],
  Appenweier: [48.54, 7.98],
  'Villers-les-Pots (LGV Rhin-Rhône)': [47.21, 5.35],
  'Petit-Croix (LGV Rhin-Rhône)': [47.63, 7.0],
  'Ambérieu-en-Bugey': [45.96, 5.36],
  Culoz: [45.85, 5.78],
  Montmélian: [45.5, 6.05],
  Hanovre: [52.38, 9.74],
  'Perpignan – Figueres (frontière)': [42.45, 2.87],
};

/** Into and out of the termini: the slow kilometres before and after the fast line. */
const APPROACH = 85;

export const LINES: Line[] = [
  // Paris – Lyon – Marseille – Montpellier
  { name: 'Paris-Gare-de-Lyon – Lieusaint', speed: 100, via: ['Paris Gare de Lyon', 'Lieusaint (LGV Sud-Est)'], km: 30 },
  {
    name: 'LGV Sud-Est',
    speed: 285,
    via: [
      'Lieusaint (LGV Sud-Est)',
      'Crisenoy (Interconnexion Est)',
      'Pasilly (branche Dijon)',
      'Le Creusot - Montceau - Montchanin TGV',
      'Mâcon Loché TGV',
      'Montanay (LGV Rhône-Alpes)',
    ],
    km: 385,
  },
  { name: 'Montanay – Lyon Part-Dieu', speed: 70, via: ['Montanay (LGV Rhône-Alpes)', 'Lyon Part-Dieu'], km: 13 },
  { name: 'Lyon Part-Dieu – Perrache', speed: 40, via: ['Lyon Part-Dieu', 'Lyon Perrache'], km: 3 },
  {
    name: 'LGV Rhône-Alpes',
    speed: 285,
    via: ['Montanay (LGV Rhône-Alpes)', 'Lyon Saint-Exupéry TGV', 'Grenay (LGV Rhône-Alpes)', 'Valence TGV Rhône-Alpes Sud'],
    km: 115,
  },
  { name: 'Lyon Part-Dieu – Grenay', speed: 60, via: ['Lyon Part-Dieu', 'Grenay (LGV Rhône-Alpes)'], km: 22 },
  { name: 'LGV Méditerranée', speed: 310, via: ['Valence TGV Rhône-Alpes Sud', 'Les Angles (branche Nîmes)', 'Avignon TGV', 'Aix-en-Provence TGV'], km: 215 },
  { name: 'Aix-en-Provence TGV – Marseille Saint-Charles', speed: 85, via: ['Aix-en-Provence TGV', 'Marseille Saint-Charles'], km: 25 },
  { name: 'LGV Méditerranée, branche de Nîmes', speed: 200, via: ['Les Angles (branche Nîmes)', 'Nîmes Pont-du-Gard'], km: 24 },
  { name: 'Contournement Nîmes – Montpellier', speed: 150, via: ['Nîmes Pont-du-Gard', 'Montpellier Sud de France', 'Lattes (CNM)'], km: 60 },
  { name: 'Lattes – Montpellier Saint-Roch', speed: 40, via: ['Lattes (CNM)', 'Montpellier Saint-Roch'], km: 5 },
  { name: 'Nîmes Pont-du-Gard – Nîmes Centre', speed: 100, via: ['Nîmes Pont-du-Gard', 'Nîmes Centre'], km: 14 },
  { name: 'Nîmes – Montpellier (ligne classique)', speed: 120, via: ['Nîmes Centre', 'Montpellier Saint-Roch'], km: 50 },
  { name: 'Avignon TGV – Avignon Centre', speed: 60, via: ['Avignon TGV', 'Avignon Centre'], km: 4 },
  { name: 'Valence TGV – Valence Ville', speed: 80, via: ['Valence TGV Rhône-Alpes Sud', 'Valence Ville'], km: 10 },
  { name: 'Ligne de la rive gauche du Rhône', speed: 130, via: ['Lyon Part-Dieu', 'Valence Ville', 'Montélimar', 'Orange', 'Avignon Centre'] },
  {
    name: 'Marseille – Vintimille',
    speed: 95,
    via: ['Marseille Saint-Charles', 'Toulon', 'Les Arcs - Draguignan', 'Saint-Raphaël Valescure', 'Cannes', 'Antibes', 'Nice Ville'],
    km: 225,
  },
  { name: 'Toulon – Hyères', speed: 80, via: ['Toulon', 'Hyères'] },
  { name: 'Montpellier – Perpignan', speed: 90, via: ['Montpellier Saint-Roch', 'Sète', 'Agde', 'Béziers', 'Narbonne', 'Perpignan'], km: 155 },
  { name: 'Narbonne – Toulouse', speed: 130, via: ['Narbonne', 'Carcassonne', 'Toulouse Matabiau'], km: 150 },
  { name: 'LGV Perpignan – Figueres', speed: 200, via: ['Perpignan', 'Perpignan – Figueres (frontière)', 'Figueres-Vilafant'], km: 50 },
  { name: 'LGV Figueres – Barcelone', speed: 170, via: ['Figueres-Vilafant', 'Gérone', 'Barcelone Sants'], km: 135 },
  { name: 'LGV Barcelone – Madrid', speed: 250, via: ['Barcelone Sants', 'Camp de Tarragone', 'Madrid Puerta de Atocha'], km: 621 },

  // Burgundy, the Alps, Switzerland and Italy
  { name: 'Pasilly – Dijon', speed: 135, via: ['Pasilly (branche Dijon)', 'Montbard', 'Dijon Ville'], km: 90 },
  { name: 'Dijon – Lyon (ligne PLM)', speed: 120, via: ['Dijon Ville', 'Chalon-sur-Saône', 'Lyon Part-Dieu'], km: 197 },
  { name: 'Mâcon-Loché – Bourg-en-Bresse', speed: 110, via: ['Mâcon Loché TGV', 'Bourg-en-Bresse'], km: 38 },
  { name: 'Ligne du Haut-Bugey', speed: 85, via: ['Bourg-en-Bresse', 'Bellegarde-sur-Valserine'], km: 65 },
  { name: 'Bellegarde – Genève', speed: 75, via: ['Bellegarde-sur-Valserine', 'Genève'], km: 33 },
  { name: 'Bourg-en-Bresse – Ambérieu', speed: 90, via: ['Bourg-en-Bresse', 'Ambérieu-en-Bugey'] },
  { name: 'Lyon – Ambérieu – Culoz', speed: 95, via: ['Lyon Part-Dieu', 'Ambérieu-en-Bugey', 'Culoz'] },
  { name: 'Culoz – Bellegarde', speed: 75, via: ['Culoz', 'Bellegarde-sur-Valserine'] },
  { name: 'Culoz – Aix-les-Bains – Chambéry', speed: 80, via: ['Culoz', 'Aix-les-Bains le Revard', 'Chambéry - Challes-les-Eaux'] },
  { name: 'Chambéry – Modane (Maurienne)', speed: 65, via: ['Chambéry - Challes-les-Eaux', 'Montmélian', 'Saint-Jean-de-Maurienne Arvan', 'Modane'] },
  { name: 'Modane – Fréjus – Turin', speed: 55, via: ['Modane', 'Turin Porta Susa'] },
  { name: 'Turin – Milan (LGV)', speed: 220, via: ['Turin Porta Susa', 'Milan Centrale'], km: 125 },
  { name: 'Turin Porta Susa – Porta Nuova', speed: 40, via: ['Turin Porta Susa', 'Turin Porta Nuova'] },
  { name: 'Lyon – Chambéry', speed: 80, via: ['Lyon Saint-Exupéry TGV', 'Chambéry - Challes-les-Eaux'] },
  { name: 'Lyon – Grenoble', speed: 95, via: ['Lyon Part-Dieu', 'Grenoble'], km: 130 },
  { name: 'Chambéry – Grenoble', speed: 90, via: ['Chambéry - Challes-les-Eaux', 'Grenoble'] },
  { name: 'Lyon – Saint-Étienne', speed: 90, via: ['Lyon Part-Dieu', 'Saint-Étienne Châteaucreux'], km: 60 },
  { name: 'Aix-les-Bains – Annecy', speed: 55, via: ['Aix-les-Bains le Revard', 'Annecy'] },
  {
    name: 'Montmélian – Bourg-Saint-Maurice',
    speed: 80,
    via: ['Montmélian', 'Albertville', 'Moûtiers - Salins - Brides-les-Bains', 'Aime-La Plagne', 'Bourg-Saint-Maurice'],
  },
  { name: 'Bellegarde – Évian – Saint-Gervais', speed: 75, via: ['Bellegarde-sur-Valserine', 'Annemasse', 'Thonon-les-Bains', 'Évian-les-Bains'] },
  { name: 'Annemasse – Saint-Gervais', speed: 70, via: ['Annemasse', 'Cluses', 'Sallanches - Combloux - Megève', 'Saint-Gervais-les-Bains Le Fayet'] },
  { name: 'Genève – Lausanne', speed: 110, via: ['Genève', 'Lausanne'], km: 60 },
  { name: 'Dijon – Vallorbe – Lausanne', speed: 100, via: ['Dijon Ville', 'Dole Ville', 'Frasne', 'Vallorbe', 'Lausanne'], km: 200 },
  { name: 'Lausanne – Berne', speed: 110, via: ['Lausanne', 'Berne'], km: 100 },
  { name: 'Berne – Zurich', speed: 140, via: ['Berne', 'Zurich HB'], km: 125 },
  { name: 'Bâle – Zurich', speed: 95, via: ['Bâle CFF', 'Zurich HB'], km: 88 },
  { name: 'Bâle – Berne', speed: 110, via: ['Bâle CFF', 'Berne'], km: 100 },
  { name: 'Berne – Lötschberg – Brigue', speed: 130, via: ['Berne', 'Viège', 'Brigue'] },
  { name: 'Lausanne – Brigue', speed: 100, via: ['Lausanne', 'Brigue'] },
  { name: 'Brigue – Simplon – Milan', speed: 100, via: ['Brigue', 'Milan Centrale'] },

  // Atlantic: Bordeaux, Toulouse, Nantes, Brittany
  { name: 'Paris-Montparnasse – Massy', speed: APPROACH, via: ['Paris Montparnasse', 'Massy TGV'], km: 15 },
  {
    name: 'LGV Atlantique',
    speed: 295,
    via: ['Massy TGV', 'Courtalain (LGV Atlantique)', 'Vendôme - Villiers-sur-Loir TGV', 'Tours-Nord (LGV Atlantique)', 'Monts (LGV SEA)'],
    km: 220,
  },
  { name: 'LGV Atlantique, branche du Mans', speed: 295, via: ['Courtalain (LGV Atlantique)', 'Connerré (LGV Bretagne)'], km: 52 },
  { name: 'Connerré – Le Mans', speed: 150, via: ['Connerré (LGV Bretagne)', 'Le Mans'], km: 25 },
  {
    name: 'LGV Bretagne – Pays de la Loire',
    speed: 310,
    via: ['Connerré (LGV Bretagne)', 'Sablé (LGV Bretagne)', 'Laval (LGV Bretagne)', 'Cesson-Sévigné (LGV Bretagne)'],
    km: 176,
  },
  { name: 'Cesson-Sévigné – Rennes', speed: 60, via: ['Cesson-Sévigné (LGV Bretagne)', 'Rennes'], km: 6 },
  { name: 'Raccordement de Laval', speed: 90, via: ['Laval (LGV Bretagne)', 'Laval'] },
  { name: 'Raccordement de Sablé', speed: 120, via: ['Sablé (LGV Bretagne)', 'Sablé-sur-Sarthe'] },
  { name: 'Le Mans – Sablé', speed: 140, via: ['Le Mans', 'Sablé-sur-Sarthe'] },
  { name: 'Le Mans – Laval – Rennes', speed: 140, via: ['Le Mans', 'Laval', 'Vitré', 'Rennes'] },
  { name: 'Sablé – Angers – Nantes', speed: 150, via: ['Sablé-sur-Sarthe', 'Angers Saint-Laud', 'Nantes'], km: 140 },
  { name: 'Nantes – Le Croisic', speed: 110, via: ['Nantes', 'Saint-Nazaire', 'La Baule-Escoublac', 'Le Croisic'] },
  { name: 'Nantes – Les Sables-d’Olonne', speed: 100, via: ['Nantes', 'La Roche-sur-Yon', "Les Sables-d'Olonne"] },
  { name: 'Rennes – Brest', speed: 125, via: ['Rennes', 'Lamballe', 'Saint-Brieuc', 'Guingamp', 'Plouaret Trégor', 'Morlaix', 'Landerneau', 'Brest'], km: 248 },
  { name: 'Plouaret – Lannion', speed: 70, via: ['Plouaret Trégor', 'Lannion'] },
  { name: 'Rennes – Quimper', speed: 120, via: ['Rennes', 'Redon', 'Vannes', 'Auray', 'Lorient Bretagne Sud', 'Quimperlé', 'Rosporden', 'Quimper'], km: 245 },
  { name: 'Redon – Saint-Nazaire', speed: 100, via: ['Redon', 'Saint-Nazaire'] },
  { name: 'Rennes – Saint-Malo', speed: 105, via: ['Rennes', 'Dol-de-Bretagne', 'Saint-Malo'], km: 81 },
  { name: 'Raccordements de Tours', speed: 100, via: ['Tours-Nord (LGV Atlantique)', 'Saint-Pierre-des-Corps', 'Monts (LGV SEA)'] },
  { name: 'Saint-Pierre-des-Corps – Tours', speed: 40, via: ['Saint-Pierre-des-Corps', 'Tours'] },
  { name: 'LGV Sud Europe Atlantique', speed: 310, via: ['Monts (LGV SEA)', 'Migné (LGV SEA)', 'La Couronne (LGV SEA)', 'Ambarès (LGV SEA)'], km: 302 },
  { name: 'Ambarès – Bordeaux Saint-Jean', speed: 80, via: ['Ambarès (LGV SEA)', 'Bordeaux Saint-Jean'], km: 14 },
  { name: 'Raccordement de Poitiers', speed: 100, via: ['Migné (LGV SEA)', 'Poitiers'] },
  { name: 'Raccordement d’Angoulême', speed: 100, via: ['La Couronne (LGV SEA)', 'Angoulême'] },
  { name: 'Tours – Poitiers (ligne classique)', speed: 150, via: ['Saint-Pierre-des-Corps', 'Châtellerault', 'Futuroscope', 'Poitiers'] },
  { name: 'Poitiers – La Rochelle', speed: 110, via: ['Poitiers', 'Niort', 'Surgères', 'La Rochelle Ville'] },
  { name: 'Bordeaux – Toulouse', speed: 130, via: ['Bordeaux Saint-Jean', 'Agen', 'Montauban Ville Bourbon', 'Toulouse Matabiau'], km: 257 },
  { name: 'Bordeaux – Hendaye', speed: 105, via: ['Bordeaux Saint-Jean', 'Dax', 'Bayonne', 'Biarritz', 'Saint-Jean-de-Luz - Ciboure', 'Hendaye'] },
  { name: 'Dax – Tarbes', speed: 105, via: ['Dax', 'Orthez', 'Pau', 'Lourdes', 'Tarbes'] },
  { name: 'Bordeaux – Arcachon', speed: 90, via: ['Bordeaux Saint-Jean', 'Arcachon'] },
  { name: 'Bordeaux – Libourne', speed: 90, via: ['Bordeaux Saint-Jean', 'Libourne'] },

  // North: Lille, London, Brussels, the Netherlands, Cologne
  { name: 'Paris-Nord – Gonesse', speed: APPROACH, via: ['Paris Gare du Nord', 'Gonesse (LGV Nord)'], km: 14 },
  {
    name: 'LGV Nord',
    speed: 290,
    via: ['Gonesse (LGV Nord)', 'Vémars (LGV Nord)', 'Haute Picardie TGV', 'Croisilles (raccordement Arras)', 'Fretin (LGV Nord)'],
    km: 200,
  },
  { name: 'Fretin – Lille', speed: 90, via: ['Fretin (LGV Nord)', 'Lille-Europe'], km: 10 },
  { name: 'Lille-Europe – Lille-Flandres', speed: 20, via: ['Lille-Europe', 'Lille-Flandres'], km: 1 },
  { name: 'Raccordement d’Arras', speed: 120, via: ['Croisilles (raccordement Arras)', 'Arras'] },
  { name: 'Arras – Douai – Lille', speed: 120, via: ['Arras', 'Douai', 'Lille-Flandres'] },
  { name: 'Douai – Valenciennes', speed: 100, via: ['Douai', 'Valenciennes'] },
  { name: 'Lille – Roubaix – Tourcoing', speed: 60, via: ['Lille-Flandres', 'Roubaix', 'Tourcoing'] },
  { name: 'Lille – Dunkerque', speed: 110, via: ['Lille-Flandres', 'Hazebrouck', 'Dunkerque'] },
  { name: 'Arras – Béthune – Hazebrouck', speed: 100, via: ['Arras', 'Lens', 'Béthune', 'Hazebrouck'] },
  { name: 'LGV Nord, branche de Calais', speed: 270, via: ['Lille-Europe', 'Calais - Fréthun', 'Coquelles (tunnel sous la Manche)'], km: 105 },
  { name: 'Calais – Boulogne', speed: 90, via: ['Calais - Fréthun', 'Calais Ville', 'Boulogne-sur-Mer Ville', 'Rang-du-Fliers - Verton - Berck'] },
  { name: 'Hazebrouck – Saint-Omer – Calais', speed: 100, via: ['Hazebrouck', 'Saint-Omer', 'Calais Ville'] },
  { name: 'Tunnel sous la Manche', speed: 140, via: ['Coquelles (tunnel sous la Manche)', 'Folkestone (tunnel sous la Manche)'], km: 50 },
  {
    name: 'High Speed 1',
    speed: 220,
    via: ['Folkestone (tunnel sous la Manche)', 'Ashford International', 'Ebbsfleet International', 'Londres St Pancras International'],
    km: 109,
  },
  { name: 'HSL 1', speed: 270, via: ['Fretin (LGV Nord)', 'Antoing (HSL 1)', 'Lembeek (HSL 1)'], km: 88 },
  { name: 'Lembeek – Bruxelles-Midi', speed: 90, via: ['Lembeek (HSL 1)', 'Bruxelles-Midi'], km: 15 },
  { name: 'Bruxelles – Louvain', speed: 100, via: ['Bruxelles-Midi', 'Louvain (HSL 2)'], km: 34 },
  { name: 'HSL 2', speed: 250, via: ['Louvain (HSL 2)', 'Ans (HSL 2)'], km: 66 },
  { name: 'Ans – Liège-Guillemins', speed: 45, via: ['Ans (HSL 2)', 'Liège-Guillemins'], km: 6 },
  { name: 'HSL 3 – Aix-la-Chapelle', speed: 105, via: ['Liège-Guillemins', 'Aix-la-Chapelle Hbf'], km: 50 },
  { name: 'Aix-la-Chapelle – Cologne', speed: 120, via: ['Aix-la-Chapelle Hbf', 'Cologne Hbf'], km: 70 },
  { name: 'Bruxelles – Anvers', speed: 95, via: ['Bruxelles-Midi', 'Anvers-Central'], km: 47 },
  { name: 'HSL 4 – HSL-Zuid', speed: 160, via: ['Anvers-Central', 'Rotterdam Centraal'], km: 100 },
  { name: 'HSL-Zuid – Schiphol – Amsterdam', speed: 115, via: ['Rotterdam Centraal', 'Aéroport de Schiphol', 'Amsterdam Centraal'], km: 75 },
  { name: 'Amsterdam – Utrecht', speed: 110, via: ['Amsterdam Centraal', 'Utrecht Centraal'], km: 40 },
  { name: 'Utrecht – Cologne', speed: 115, via: ['Utrecht Centraal', 'Düsseldorf Hbf', 'Cologne Hbf'], km: 250 },
  { name: 'Cologne – Hanovre – Berlin', speed: 170, via: ['Cologne Hbf', 'Hanovre', 'Berlin Hbf'], km: 575 },
  { name: 'Hanovre – Hambourg', speed: 160, via: ['Hanovre', 'Hambourg Hbf'], km: 180 },

  // East: Reims, Lorraine, Alsace, Germany, Luxembourg, Rhine–Rhône
  { name: 'Paris-Est – Vaires', speed: APPROACH, via: ['Paris Est', 'Vaires (LGV Est)'], km: 20 },
  {
    name: 'LGV Est européenne',
    speed: 300,
    via: ['Vaires (LGV Est)', 'Champagne-Ardenne TGV', 'Meuse TGV', 'Lorraine TGV', 'Vandières (LGV Est)', 'Baudrecourt (LGV Est)', 'Vendenheim (LGV Est)'],
    km: 406,
  },
  { name: 'Vendenheim – Strasbourg', speed: 70, via: ['Vendenheim (LGV Est)', 'Strasbourg'], km: 10 },
  { name: 'Champagne-Ardenne TGV – Reims', speed: 70, via: ['Champagne-Ardenne TGV', 'Reims'], km: 8 },
  { name: 'Reims – Charleville – Sedan', speed: 100, via: ['Reims', 'Rethel', 'Charleville-Mézières', 'Sedan'] },
  { name: 'Vandières – Metz', speed: 100, via: ['Vandières (LGV Est)', 'Metz Ville'], km: 25 },
  { name: 'Vandières – Nancy', speed: 110, via: ['Vandières (LGV Est)', 'Nancy Ville'], km: 35 },
  { name: 'Metz – Luxembourg', speed: 95, via: ['Metz Ville', 'Thionville', 'Luxembourg'], km: 65 },
  { name: 'Metz – Nancy', speed: 110, via: ['Metz Ville', 'Nancy Ville'] },
  { name: 'Liège – Luxembourg', speed: 80, via: ['Liège-Guillemins', 'Luxembourg'] },
  { name: 'Épinal – Belfort', speed: 90, via: ['Épinal', 'Belfort - Montbéliard TGV'] },
  { name: 'Nancy – Épinal – Remiremont', speed: 95, via: ['Nancy Ville', 'Lunéville', 'Épinal', 'Remiremont'] },
  { name: 'Lunéville – Saint-Dié', speed: 80, via: ['Lunéville', 'Saint-Dié-des-Vosges'] },
  { name: 'Nancy – Saverne – Strasbourg', speed: 120, via: ['Nancy Ville', 'Saverne', 'Strasbourg'] },
  { name: 'Ligne Paris – Strasbourg (classique)', speed: 120, via: ['Champagne-Ardenne TGV', 'Châlons-en-Champagne', 'Bar-le-Duc', 'Meuse TGV'] },
  { name: 'Baudrecourt – Forbach – Sarrebruck', speed: 120, via: ['Baudrecourt (LGV Est)', 'Forbach', 'Sarrebruck Hbf'], km: 60 },
  { name: 'Sarrebruck – Kaiserslautern – Mannheim', speed: 105, via: ['Sarrebruck Hbf', 'Kaiserslautern Hbf', 'Mannheim Hbf'], km: 130 },
  { name: 'Mannheim – Francfort', speed: 130, via: ['Mannheim Hbf', 'Francfort-sur-le-Main Hbf'], km: 80 },
  { name: 'LGV Cologne – Francfort', speed: 240, via: ['Cologne Hbf', 'Francfort Aéroport (grandes lignes)', 'Francfort-sur-le-Main Hbf'], km: 190 },
  { name: 'LGV Mannheim – Stuttgart', speed: 220, via: ['Mannheim Hbf', 'Stuttgart Hbf'], km: 107 },
  { name: 'Stuttgart – Ulm – Munich', speed: 150, via: ['Stuttgart Hbf', 'Ulm Hbf', 'Augsbourg Hbf', 'Munich Hbf'], km: 250 },
  { name: 'Strasbourg – Kehl – Appenweier', speed: 90, via: ['Strasbourg', 'Appenweier'], km: 20 },
  { name: 'Appenweier – Karlsruhe', speed: 150, via: ['Appenweier', 'Baden-Baden', 'Karlsruhe Hbf'], km: 65 },
  { name: 'Karlsruhe – Stuttgart', speed: 150, via: ['Karlsruhe Hbf', 'Stuttgart Hbf'], km: 85 },
  { name: 'Karlsruhe – Mannheim', speed: 150, via: ['Karlsruhe Hbf', 'Mannheim Hbf'], km: 70 },
  { name: 'Appenweier – Offenbourg – Bâle', speed: 150, via: ['Appenweier', 'Offenbourg', 'Fribourg-en-Brisgau Hbf', 'Bâle CFF'], km: 140 },
  { name: 'Strasbourg – Mulhouse – Bâle', speed: 110, via: ['Strasbourg', 'Sélestat', 'Colmar', 'Mulhouse Ville', 'Bâle CFF'], km: 140 },
  {
    name: 'LGV Rhin-Rhône',
    speed: 280,
    via: ['Villers-les-Pots (LGV Rhin-Rhône)', 'Besançon Franche-Comté TGV', 'Belfort - Montbéliard TGV', 'Petit-Croix (LGV Rhin-Rhône)'],
    km: 140,
  },
  { name: 'Dijon – Villers-les-Pots', speed: 110, via: ['Dijon Ville', 'Villers-les-Pots (LGV Rhin-Rhône)'], km: 30 },
  { name: 'Petit-Croix – Mulhouse', speed: 130, via: ['Petit-Croix (LGV Rhin-Rhône)', 'Mulhouse Ville'], km: 40 },
  { name: 'Besançon TGV – Viotte', speed: 70, via: ['Besançon Franche-Comté TGV', 'Besançon Viotte'] },

  // Paris: the interconnection of the high-speed lines around the city
  {
    name: 'Interconnexion Est',
    speed: 110,
    via: ['Vémars (LGV Nord)', 'Aéroport Charles de Gaulle 2 TGV', 'Marne-la-Vallée Chessy', 'Crisenoy (Interconnexion Est)'],
    km: 57,
  },
  { name: 'Marne-la-Vallée – Vaires', speed: 120, via: ['Marne-la-Vallée Chessy', 'Vaires (LGV Est)'] },
  { name: 'Interconnexion Sud', speed: 45, via: ['Massy TGV', 'Lieusaint (LGV Sud-Est)'], km: 35 },
];

/** Curves and junctions make a line this much longer than the straight line between its points. */
const CURVES = 1.08;
/** Stations off the network reach it over ordinary lines, at this speed. */
const ACCESS_SPEED = 90;
const ACCESS_NODES = 2;

type Edge = { to: number; km: number; minutes: number };
type Node = { name: string; lat: number; lon: number };

const stationByName = new Map(stations.map((s) => [s.name.fr, s]));

function buildGraph() {
  const nodes: Node[] = [];
  const index = new Map<string, number>();
  const nodeOf = (name: string): number => {
    const known = index.get(name);
    if (known !== undefined) return known;
    const station = stationByName.get(name);
    const junction = JUNCTIONS[name];
    if (!station && !junction) throw new Error(`rail network: unknown point ${name}`);
    const [lat, lon] = station ? [station.lat, station.lon] : junction!;
    index.set(name, nodes.push({ name, lat, lon }) - 1);
    return nodes.length - 1;
  };
  const edges: Edge[][] = [];
  for (const line of LINES) {
    const points = line.via.map(nodeOf);
    const straight = points.slice(1).map((p, i) => distanceKm(nodes[points[i]!]!, nodes[p]!));
    const scale = line.km ? line.km / straight.reduce((a, b) => a + b, 0) : CURVES;
    points.slice(1).forEach((p, i) => {
      const from = points[i]!;
      const km = straight[i]! * scale;
      const minutes = (km / line.speed) * 60;
      (edges[from] ??= []).push({ to: p, km, minutes });
      (edges[p] ??= []).push({ to: from, km, minutes });
    });
  }
  return { nodes, index, edges };
}

let graph: ReturnType<typeof buildGraph> | null = null;
const network = () => (graph ??= buildGraph());

type Access = { node: number; km: number; minutes: number }[];
const accesses = new Map<string, Access>();

/** Where a station joins the network: itself, or its nearest points over an ordinary line. */
function accessOf(station: RefStation): Access {
  let access = accesses.get(station.uic);
  if (access) return access;
  const { nodes, index } = network();
  const own = index.get(station.name.fr);
  access =
    own !== undefined
      ? [{ node: own, km: 0, minutes: 0 }]
      : nodes
          .map((n, node) => ({ node, km: distanceKm(station, n) * CURVES }))
          .sort((a, b) => a.km - b.km)
          .slice(0, ACCESS_NODES)
          .map((a) => ({ ...a, minutes: (a.km / ACCESS_SPEED) * 60 }));
  accesses.set(station.uic, access);
  return access;
}

/** Quickest times (and their kilometres) from a station to every point of the network (Dijkstra). */
function fromStation(station: RefStation) {
  const { nodes, edges } = network();
  const minutes = new Float64Array(nodes.length).fill(Infinity);
  const km = new Float64Array(nodes.length);
  const done = new Uint8Array(nodes.length);
  for (const a of accessOf(station)) {
    minutes[a.node] = a.minutes;
    km[a.node] = a.km;
  }
  for (;;) {
    let next = -1;
    for (let i = 0; i < nodes.length; i++) if (!done[i] && minutes[i]! < Infinity && (next < 0 || minutes[i]! < minutes[next]!)) next = i;
    if (next < 0) break;
    done[next] = 1;
    for (const e of edges[next] ?? [])
      if (minutes[next]! + e.minutes < minutes[e.to]!) {
        minutes[e.to] = minutes[next]! + e.minutes;
        km[e.to] = km[next]! + e.km;
      }
  }
  return { minutes, km };
}

// One search per origin station, kept: there are a few hundred stations, and each search is a few arrays.
const searches = new Map<string, ReturnType<typeof fromStation>>();

/** The quickest route between two stations over the network: its length and a non-stop train's running time. */
export function networkRoute(from: RefStation, to: RefStation): { km: number; minutes: number } {
  let search = searches.get(from.uic);
  if (!search) searches.set(from.uic, (search = fromStation(from)));
  let best = { km: Infinity, minutes: Infinity };
  for (const a of accessOf(to)) {
    const minutes = search.minutes[a.node]! + a.minutes;
    if (minutes < best.minutes) best = { km: search.km[a.node]! + a.km, minutes };
  }
  return best;
}
