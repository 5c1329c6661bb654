import type { Language } from '@reelmint/shared/languages';

/** What a template says to a person: its name, the prompt it fills in and, for some, what the video should leave out. */
export interface TemplateText {
  title: string;
  prompt: string;
  negativePrompt?: string;
}

/**
 * The catalogue's words in every language but English (the catalogue holds those), by template id. The API answers
 * with them (`?lang=`), so the gallery shows a prompt in the page's language and the generator is filled with that
 * same text, which the person reads, may edit and generates from. test/template-texts.test.ts checks that every
 * template has all of them in every language.
 */
export const TEMPLATE_TRANSLATIONS: Record<Exclude<Language, 'en'>, Record<string, TemplateText>> = {
  fr: {
    'tpl-golden-hour-coast': {
      title: 'Côte à l’heure dorée',
      prompt: 'Vagues déferlant sur une plage paisible à l’heure dorée, lumière chaude sur le sable mouillé',
    },
    'tpl-misty-forest': {
      title: 'Matin brumeux en forêt',
      prompt: 'Rayons de soleil perçant le brouillard entre de grands pins',
    },
    'tpl-northern-lights': {
      title: 'Aurores boréales',
      prompt: 'Aurore verte dansant au-dessus d’un lac gelé sous un ciel étoilé',
    },
    'tpl-neon-city': {
      title: 'Néons sous la pluie',
      prompt: 'Rue pluvieuse la nuit, enseignes au néon qui se reflètent dans les flaques',
    },
    'tpl-rooftop-timelapse': {
      title: 'Timelapse sur les toits',
      prompt: 'Les toits de la ville du crépuscule à la nuit, à mesure que les fenêtres s’allument',
    },
    'tpl-coffee-pour': {
      title: 'Café du matin',
      prompt: 'Café versé lentement dans une tasse en céramique, vapeur qui s’élève',
      negativePrompt: 'éclaboussures, texte, logos',
    },
    'tpl-fresh-pasta': {
      title: 'Pâtes fraîches',
      prompt: 'Des mains façonnant des pâtes fraîches sur une table farinée',
    },
    'tpl-product-spin': {
      title: 'Produit en rotation',
      prompt: 'Un produit élégant qui tourne lentement sur un fond en dégradé doux',
      negativePrompt: 'mains, désordre, reflets de la caméra',
    },
    'tpl-sale-announcement': {
      title: 'Vente flash',
      prompt: 'Annonce de vente flash percutante, avec des formes vives en mouvement',
    },
    'tpl-birthday-wishes': {
      title: 'Joyeux anniversaire',
      prompt: 'Joyeux anniversaire ! Confettis et ballons qui s’envolent',
    },
    'tpl-wedding-save-date': {
      title: 'Réservez la date',
      prompt: 'Réservez la date : pétales légers flottant dans une lumière chaude',
    },
    'tpl-space-drift': {
      title: 'Dérive dans l’espace',
      prompt: 'Lente dérive parmi des nébuleuses lumineuses et des étoiles lointaines',
    },
    'tpl-cyber-grid': {
      title: 'Grille cyber',
      prompt: 'Survol d’une grille synthwave lumineuse vers un soleil couchant',
    },
    'tpl-quiet-study': {
      title: 'Coin lecture au calme',
      prompt: 'Pluie sur la fenêtre d’un coin lecture douillet, éclairé par une lampe chaude',
    },
  },
  de: {
    'tpl-golden-hour-coast': {
      title: 'Küste zur goldenen Stunde',
      prompt: 'Wellen rollen zur goldenen Stunde an einen stillen Strand, warmes Licht auf nassem Sand',
    },
    'tpl-misty-forest': {
      title: 'Nebliger Waldmorgen',
      prompt: 'Sonnenstrahlen brechen zwischen hohen Kiefern durch den Nebel',
    },
    'tpl-northern-lights': {
      title: 'Polarlichter',
      prompt: 'Grünes Polarlicht tanzt unter einem Sternenhimmel über einem zugefrorenen See',
    },
    'tpl-neon-city': {
      title: 'Neonregen in der Stadt',
      prompt: 'Regennasse Straße bei Nacht, Neonschilder spiegeln sich in den Pfützen',
    },
    'tpl-rooftop-timelapse': {
      title: 'Zeitraffer über den Dächern',
      prompt: 'Die Skyline einer Stadt von der Dämmerung bis in die Nacht, während die Fenster aufleuchten',
    },
    'tpl-coffee-pour': {
      title: 'Morgenkaffee',
      prompt: 'Kaffee wird langsam in eine Keramiktasse gegossen, Dampf steigt auf',
      negativePrompt: 'Verschüttetes, Schrift, Logos',
    },
    'tpl-fresh-pasta': {
      title: 'Frische Pasta',
      prompt: 'Hände falten frische Pasta auf einem bemehlten Tisch',
    },
    'tpl-product-spin': {
      title: 'Produkt im Drehen',
      prompt: 'Ein elegantes Produkt dreht sich langsam auf einer Bühne mit sanftem Farbverlauf',
      negativePrompt: 'Hände, Unordnung, Spiegelungen der Kamera',
    },
    'tpl-sale-announcement': {
      title: 'Blitzangebot',
      prompt: 'Auffällige Ankündigung eines Blitzangebots mit leuchtenden, bewegten Formen',
    },
    'tpl-birthday-wishes': {
      title: 'Geburtstagsgrüße',
      prompt: 'Alles Gute zum Geburtstag! Konfetti und Luftballons schweben nach oben',
    },
    'tpl-wedding-save-date': {
      title: 'Save the Date: Hochzeit',
      prompt: 'Save the Date: Zarte Blütenblätter treiben durch warmes Licht',
    },
    'tpl-space-drift': {
      title: 'Treiben durchs All',
      prompt: 'Langsames Treiben vorbei an leuchtenden Nebeln und fernen Sternen',
    },
    'tpl-cyber-grid': {
      title: 'Cyber-Raster',
      prompt: 'Flug über ein leuchtendes Synthwave-Raster der untergehenden Sonne entgegen',
    },
    'tpl-quiet-study': {
      title: 'Ruhige Leseecke',
      prompt: 'Regen am Fenster einer gemütlichen Leseecke im warmen Licht einer Lampe',
    },
  },
  it: {
    'tpl-golden-hour-coast': {
      title: 'Costa all’ora d’oro',
      prompt: 'Onde che si infrangono su una spiaggia tranquilla all’ora d’oro, luce calda sulla sabbia bagnata',
    },
    'tpl-misty-forest': {
      title: 'Mattino nebbioso nel bosco',
      prompt: 'Raggi di sole che filtrano nella nebbia tra alti pini',
    },
    'tpl-northern-lights': {
      title: 'Aurora boreale',
      prompt: 'Aurora verde che danza su un lago ghiacciato sotto un cielo stellato',
    },
    'tpl-neon-city': {
      title: 'Pioggia e neon in città',
      prompt: 'Strada bagnata dalla pioggia di notte, insegne al neon riflesse nelle pozzanghere',
    },
    'tpl-rooftop-timelapse': {
      title: 'Timelapse sui tetti',
      prompt: 'Lo skyline della città dal tramonto alla notte, mentre le finestre si accendono',
    },
    'tpl-coffee-pour': {
      title: 'Caffè del mattino',
      prompt: 'Caffè versato lentamente in una tazza di ceramica, con il vapore che sale',
      negativePrompt: 'schizzi, scritte, loghi',
    },
    'tpl-fresh-pasta': {
      title: 'Pasta fresca',
      prompt: 'Mani che chiudono la pasta fresca su un tavolo infarinato',
    },
    'tpl-product-spin': {
      title: 'Prodotto in rotazione',
      prompt: 'Un prodotto elegante che ruota lentamente su un fondale sfumato e morbido',
      negativePrompt: 'mani, disordine, riflessi della videocamera',
    },
    'tpl-sale-announcement': {
      title: 'Offerta lampo',
      prompt: 'Annuncio d’impatto di un’offerta lampo, con forme vivaci in movimento',
    },
    'tpl-birthday-wishes': {
      title: 'Auguri di compleanno',
      prompt: 'Buon compleanno! Coriandoli e palloncini che volano verso l’alto',
    },
    'tpl-wedding-save-date': {
      title: 'Segnati la data',
      prompt: 'Segnati la data: petali leggeri che fluttuano in una luce calda',
    },
    'tpl-space-drift': {
      title: 'Alla deriva nello spazio',
      prompt: 'Una lenta deriva tra nebulose luminose e stelle lontane',
    },
    'tpl-cyber-grid': {
      title: 'Griglia cyber',
      prompt: 'In volo su una griglia synthwave luminosa verso il sole al tramonto',
    },
    'tpl-quiet-study': {
      title: 'Angolo di lettura tranquillo',
      prompt: 'Pioggia sulla finestra di un accogliente angolo lettura, illuminato da una lampada calda',
    },
  },
  es: {
    'tpl-golden-hour-coast': {
      title: 'Costa en la hora dorada',
      prompt: 'Olas que llegan a una playa tranquila en la hora dorada, luz cálida sobre la arena mojada',
    },
    'tpl-misty-forest': {
      title: 'Mañana de niebla en el bosque',
      prompt: 'Rayos de sol que atraviesan la niebla entre pinos altos',
    },
    'tpl-northern-lights': {
      title: 'Auroras boreales',
      prompt: 'Aurora verde que danza sobre un lago helado bajo un cielo estrellado',
    },
    'tpl-neon-city': {
      title: 'Lluvia y neón en la ciudad',
      prompt: 'Calle lluviosa de noche, letreros de neón reflejados en los charcos',
    },
    'tpl-rooftop-timelapse': {
      title: 'Timelapse en la azotea',
      prompt: 'El perfil de la ciudad del atardecer a la noche, mientras se encienden las ventanas',
    },
    'tpl-coffee-pour': {
      title: 'Café de la mañana',
      prompt: 'Café que se vierte despacio en una taza de cerámica, con vapor que sube',
      negativePrompt: 'salpicaduras, texto, logotipos',
    },
    'tpl-fresh-pasta': {
      title: 'Pasta fresca',
      prompt: 'Manos que doblan pasta fresca sobre una mesa enharinada',
    },
    'tpl-product-spin': {
      title: 'Producto girando',
      prompt: 'Un producto elegante que gira despacio sobre un escenario con un degradado suave',
      negativePrompt: 'manos, desorden, reflejos de la cámara',
    },
    'tpl-sale-announcement': {
      title: 'Oferta relámpago',
      prompt: 'Anuncio llamativo de una oferta relámpago con formas brillantes en movimiento',
    },
    'tpl-birthday-wishes': {
      title: 'Feliz cumpleaños',
      prompt: '¡Feliz cumpleaños! Confeti y globos que suben flotando',
    },
    'tpl-wedding-save-date': {
      title: 'Reserva la fecha',
      prompt: 'Reserva la fecha: pétalos suaves que flotan en una luz cálida',
    },
    'tpl-space-drift': {
      title: 'A la deriva por el espacio',
      prompt: 'Una deriva lenta entre nebulosas luminosas y estrellas lejanas',
    },
    'tpl-cyber-grid': {
      title: 'Cuadrícula cyber',
      prompt: 'Vuelo sobre una cuadrícula synthwave luminosa hacia el sol poniente',
    },
    'tpl-quiet-study': {
      title: 'Rincón de lectura tranquilo',
      prompt: 'Lluvia en la ventana de un acogedor rincón de lectura con una lámpara cálida',
    },
  },
  ja: {
    'tpl-golden-hour-coast': {
      title: '夕暮れの海岸',
      prompt: '夕暮れの静かな浜辺に打ち寄せる波、濡れた砂を照らす暖かな光',
    },
    'tpl-misty-forest': {
      title: '霧の森の朝',
      prompt: '高い松の木々のあいだ、霧を抜けて差し込む陽の光',
    },
    'tpl-northern-lights': {
      title: 'オーロラ',
      prompt: '星空の下、凍った湖の上で揺らめく緑のオーロラ',
    },
    'tpl-neon-city': {
      title: '雨とネオンの街',
      prompt: '雨の夜の通り、水たまりに映るネオンサイン',
    },
    'tpl-rooftop-timelapse': {
      title: '屋上からのタイムラプス',
      prompt: '夕暮れから夜へ、窓に明かりが灯っていく街のスカイライン',
    },
    'tpl-coffee-pour': {
      title: '朝のコーヒー',
      prompt: '陶器のカップにゆっくり注がれるコーヒーと、立ちのぼる湯気',
      negativePrompt: 'こぼれ、文字、ロゴ',
    },
    'tpl-fresh-pasta': {
      title: '生パスタ',
      prompt: '打ち粉をふったテーブルで生パスタを成形する手元',
    },
    'tpl-product-spin': {
      title: '回転する商品',
      prompt: 'やわらかなグラデーションのステージでゆっくり回転する、洗練された商品',
      negativePrompt: '手、散らかった背景、カメラの映り込み',
    },
    'tpl-sale-announcement': {
      title: 'タイムセール',
      prompt: '鮮やかな図形が動き回る、インパクトのあるタイムセールの告知',
    },
    'tpl-birthday-wishes': {
      title: '誕生日のお祝い',
      prompt: 'お誕生日おめでとう！舞い上がる紙吹雪と風船',
    },
    'tpl-wedding-save-date': {
      title: '結婚式のお知らせ',
      prompt: '大切な日のお知らせ：暖かな光の中を舞うやわらかな花びら',
    },
    'tpl-space-drift': {
      title: '宇宙を漂う',
      prompt: '輝く星雲と遠い星々のそばをゆっくりと漂う',
    },
    'tpl-cyber-grid': {
      title: 'サイバーグリッド',
      prompt: '沈む夕日に向かって、輝くシンセウェイブのグリッドの上を飛ぶ',
    },
    'tpl-quiet-study': {
      title: '静かな読書コーナー',
      prompt: '暖かなランプが灯る居心地のよい読書コーナー、窓を打つ雨',
    },
  },
  pt: {
    'tpl-golden-hour-coast': {
      title: 'Costa à hora dourada',
      prompt: 'Ondas a rolar numa praia tranquila à hora dourada, luz quente sobre a areia molhada',
    },
    'tpl-misty-forest': {
      title: 'Manhã de nevoeiro na floresta',
      prompt: 'Raios de sol a atravessar o nevoeiro entre pinheiros altos',
    },
    'tpl-northern-lights': {
      title: 'Auroras boreais',
      prompt: 'Aurora verde a dançar sobre um lago gelado sob um céu estrelado',
    },
    'tpl-neon-city': {
      title: 'Chuva e néon na cidade',
      prompt: 'Rua chuvosa à noite, letreiros de néon refletidos nas poças',
    },
    'tpl-rooftop-timelapse': {
      title: 'Timelapse no terraço',
      prompt: 'O horizonte da cidade do anoitecer à noite, à medida que as janelas se acendem',
    },
    'tpl-coffee-pour': {
      title: 'Café da manhã',
      prompt: 'Café a ser vertido devagar numa chávena de cerâmica, com vapor a subir',
      negativePrompt: 'salpicos, texto, logótipos',
    },
    'tpl-fresh-pasta': {
      title: 'Massa fresca',
      prompt: 'Mãos a dobrar massa fresca numa mesa polvilhada de farinha',
    },
    'tpl-product-spin': {
      title: 'Produto a girar',
      prompt: 'Um produto elegante a girar devagar num palco com um gradiente suave',
      negativePrompt: 'mãos, desarrumação, reflexos da câmara',
    },
    'tpl-sale-announcement': {
      title: 'Promoção relâmpago',
      prompt: 'Anúncio vistoso de uma promoção relâmpago, com formas vivas em movimento',
    },
    'tpl-birthday-wishes': {
      title: 'Feliz aniversário',
      prompt: 'Feliz aniversário! Confetes e balões a subir pelo ar',
    },
    'tpl-wedding-save-date': {
      title: 'Reserve a data',
      prompt: 'Reserve a data: pétalas suaves a flutuar numa luz quente',
    },
    'tpl-space-drift': {
      title: 'À deriva no espaço',
      prompt: 'Uma deriva lenta por entre nebulosas luminosas e estrelas distantes',
    },
    'tpl-cyber-grid': {
      title: 'Grelha cyber',
      prompt: 'Voo sobre uma grelha synthwave luminosa em direção ao pôr do sol',
    },
    'tpl-quiet-study': {
      title: 'Recanto de leitura tranquilo',
      prompt: 'Chuva na janela de um recanto de leitura acolhedor, com um candeeiro de luz quente',
    },
  },
  ru: {
    'tpl-golden-hour-coast': {
      title: 'Побережье в золотой час',
      prompt: 'Волны накатывают на тихий пляж в золотой час, тёплый свет на мокром песке',
    },
    'tpl-misty-forest': {
      title: 'Туманное утро в лесу',
      prompt: 'Солнечные лучи пробиваются сквозь туман между высокими соснами',
    },
    'tpl-northern-lights': {
      title: 'Северное сияние',
      prompt: 'Зелёное сияние танцует над замёрзшим озером под звёздным небом',
    },
    'tpl-neon-city': {
      title: 'Неоновый дождь в городе',
      prompt: 'Дождливая улица ночью, неоновые вывески отражаются в лужах',
    },
    'tpl-rooftop-timelapse': {
      title: 'Таймлапс с крыши',
      prompt: 'Городские крыши от сумерек до ночи, окна загораются одно за другим',
    },
    'tpl-coffee-pour': {
      title: 'Утренний кофе',
      prompt: 'Кофе медленно льётся в керамическую чашку, поднимается пар',
      negativePrompt: 'брызги, текст, логотипы',
    },
    'tpl-fresh-pasta': {
      title: 'Свежая паста',
      prompt: 'Руки лепят свежую пасту на присыпанном мукой столе',
    },
    'tpl-product-spin': {
      title: 'Вращение товара',
      prompt: 'Изящный товар медленно вращается на сцене с мягким градиентом',
      negativePrompt: 'руки, беспорядок, отражения камеры',
    },
    'tpl-sale-announcement': {
      title: 'Молниеносная распродажа',
      prompt: 'Яркое объявление о распродаже с броскими движущимися фигурами',
    },
    'tpl-birthday-wishes': {
      title: 'С днём рождения',
      prompt: 'С днём рождения! Конфетти и воздушные шары взлетают вверх',
    },
    'tpl-wedding-save-date': {
      title: 'Запомните дату',
      prompt: 'Запомните дату: нежные лепестки парят в тёплом свете',
    },
    'tpl-space-drift': {
      title: 'Дрейф в космосе',
      prompt: 'Медленный дрейф мимо светящихся туманностей и далёких звёзд',
    },
    'tpl-cyber-grid': {
      title: 'Киберсетка',
      prompt: 'Полёт над светящейся сеткой в стиле синтвейв навстречу закатному солнцу',
    },
    'tpl-quiet-study': {
      title: 'Тихий уголок для чтения',
      prompt: 'Дождь за окном уютного уголка для чтения с тёплым светом лампы',
    },
  },
  la: {
    'tpl-golden-hour-coast': {
      title: 'Litus hora aurea',
      prompt: 'Fluctus hora aurea in litus quietum volventes, lux tepida in harena umida',
    },
    'tpl-misty-forest': {
      title: 'Mane nebulosum in silva',
      prompt: 'Radii solis nebulam inter altas pinus findentes',
    },
    'tpl-northern-lights': {
      title: 'Aurora borealis',
      prompt: 'Aurora viridis sub caelo stellato super lacum gelatum saltans',
    },
    'tpl-neon-city': {
      title: 'Pluvia et lumina urbis',
      prompt: 'Via pluvia madida noctu, tituli neonii in lacunis relucentes',
    },
    'tpl-rooftop-timelapse': {
      title: 'Tempus contractum e tecto',
      prompt: 'Tecta urbis a crepusculo ad noctem, dum fenestrae accenduntur',
    },
    'tpl-coffee-pour': {
      title: 'Cafaeum matutinum',
      prompt: 'Cafaeum lente in poculum fictile infusum, vapore surgente',
      negativePrompt: 'aspergines, litterae, insignia',
    },
    'tpl-fresh-pasta': {
      title: 'Pasta recens',
      prompt: 'Manus pastam recentem in mensa farina conspersa plicantes',
    },
    'tpl-product-spin': {
      title: 'Merx versans',
      prompt: 'Merx nitida in scaena coloribus molliter gradatis lente versans',
      negativePrompt: 'manus, congeries, imagines camerae repercussae',
    },
    'tpl-sale-announcement': {
      title: 'Venditio subita',
      prompt: 'Venditio subita audacter nuntiata, formis claris se moventibus',
    },
    'tpl-birthday-wishes': {
      title: 'Vota natalicia',
      prompt: 'Felicem diem natalem! Chartulae versicolores et folles sursum volitantes',
    },
    'tpl-wedding-save-date': {
      title: 'Diem nuptiarum nota',
      prompt: 'Diem nota: petala mollia per lucem tepidam fluitantia',
    },
    'tpl-space-drift': {
      title: 'Per spatia errans',
      prompt: 'Lentus cursus praeter nebulas lucentes et stellas longinquas',
    },
    'tpl-cyber-grid': {
      title: 'Cancelli cybernetici',
      prompt: 'Volatus super cancellos fulgentes more synthwave ad solem occidentem',
    },
    'tpl-quiet-study': {
      title: 'Angulus legendi quietus',
      prompt: 'Pluvia in fenestra anguli legendi commodi, lucerna tepide lucente',
    },
  },
  'zh-CN': {
    'tpl-golden-hour-coast': {
      title: '黄金时刻的海岸',
      prompt: '黄金时刻，海浪涌向宁静的海滩，暖光洒在湿润的沙滩上',
    },
    'tpl-misty-forest': {
      title: '雾中森林的清晨',
      prompt: '阳光穿透高大松林间的薄雾',
    },
    'tpl-northern-lights': {
      title: '北极光',
      prompt: '绿色极光在星空下的冰封湖面上舞动',
    },
    'tpl-neon-city': {
      title: '霓虹雨夜',
      prompt: '雨夜的街道，霓虹招牌倒映在水洼里',
    },
    'tpl-rooftop-timelapse': {
      title: '屋顶延时摄影',
      prompt: '城市天际线从黄昏到入夜，窗户一盏盏亮起',
    },
    'tpl-coffee-pour': {
      title: '清晨咖啡',
      prompt: '咖啡缓缓倒入陶瓷杯中，热气袅袅升起',
      negativePrompt: '溅洒、文字、标志',
    },
    'tpl-fresh-pasta': {
      title: '手工意面',
      prompt: '双手在撒了面粉的桌上捏制新鲜意面',
    },
    'tpl-product-spin': {
      title: '产品旋转展示',
      prompt: '一款精致的产品在柔和渐变的展台上缓缓旋转',
      negativePrompt: '手、杂物、相机的倒影',
    },
    'tpl-sale-announcement': {
      title: '限时特卖',
      prompt: '醒目的限时特卖公告，配以明亮的动态图形',
    },
    'tpl-birthday-wishes': {
      title: '生日祝福',
      prompt: '生日快乐！彩纸屑和气球向上飘飞',
    },
    'tpl-wedding-save-date': {
      title: '婚礼预告',
      prompt: '请留出这一天：柔软的花瓣在温暖的光线中飘落',
    },
    'tpl-space-drift': {
      title: '漫游太空',
      prompt: '缓缓漂过发光的星云和遥远的星辰',
    },
    'tpl-cyber-grid': {
      title: '赛博网格',
      prompt: '朝着落日飞越闪耀的合成器浪潮风格网格',
    },
    'tpl-quiet-study': {
      title: '安静的阅读角',
      prompt: '雨打在温馨阅读角的窗上，一盏暖灯静静亮着',
    },
  },
  'zh-TW': {
    'tpl-golden-hour-coast': {
      title: '魔幻時刻的海岸',
      prompt: '魔幻時刻，海浪湧向寧靜的海灘，暖光灑在濕潤的沙灘上',
    },
    'tpl-misty-forest': {
      title: '霧中森林的早晨',
      prompt: '陽光穿透高大松林間的薄霧',
    },
    'tpl-northern-lights': {
      title: '北極光',
      prompt: '綠色極光在星空下的冰封湖面上舞動',
    },
    'tpl-neon-city': {
      title: '霓虹雨夜',
      prompt: '雨夜的街道，霓虹招牌倒映在水窪裡',
    },
    'tpl-rooftop-timelapse': {
      title: '屋頂縮時攝影',
      prompt: '城市天際線從黃昏到入夜，窗戶一盞盞亮起',
    },
    'tpl-coffee-pour': {
      title: '早晨的咖啡',
      prompt: '咖啡緩緩倒入陶瓷杯中，熱氣裊裊升起',
      negativePrompt: '濺灑、文字、標誌',
    },
    'tpl-fresh-pasta': {
      title: '手工義大利麵',
      prompt: '雙手在撒了麵粉的桌上捏製新鮮義大利麵',
    },
    'tpl-product-spin': {
      title: '商品旋轉展示',
      prompt: '一款精緻的商品在柔和漸層的展台上緩緩旋轉',
      negativePrompt: '手、雜物、相機的倒影',
    },
    'tpl-sale-announcement': {
      title: '限時特賣',
      prompt: '醒目的限時特賣公告，搭配明亮的動態圖形',
    },
    'tpl-birthday-wishes': {
      title: '生日祝福',
      prompt: '生日快樂！彩色紙花和氣球向上飄飛',
    },
    'tpl-wedding-save-date': {
      title: '婚禮預告',
      prompt: '請把這天留給我們：柔軟的花瓣在溫暖的光線中飄落',
    },
    'tpl-space-drift': {
      title: '漫遊太空',
      prompt: '緩緩漂過發光的星雲和遙遠的星辰',
    },
    'tpl-cyber-grid': {
      title: '賽博網格',
      prompt: '朝著夕陽飛越閃耀的合成器浪潮風格網格',
    },
    'tpl-quiet-study': {
      title: '安靜的閱讀角落',
      prompt: '雨打在溫馨閱讀角落的窗上，一盞暖燈靜靜亮著',
    },
  },
  ko: {
    'tpl-golden-hour-coast': {
      title: '골든아워의 해변',
      prompt: '골든아워, 고요한 해변으로 밀려오는 파도와 젖은 모래 위의 따뜻한 빛',
    },
    'tpl-misty-forest': {
      title: '안개 낀 숲의 아침',
      prompt: '키 큰 소나무 사이로 안개를 뚫고 들어오는 햇살',
    },
    'tpl-northern-lights': {
      title: '오로라',
      prompt: '별이 빛나는 하늘 아래 얼어붙은 호수 위에서 춤추는 초록빛 오로라',
    },
    'tpl-neon-city': {
      title: '네온 비 내리는 도시',
      prompt: '비 내리는 밤거리, 물웅덩이에 비친 네온사인',
    },
    'tpl-rooftop-timelapse': {
      title: '옥상 타임랩스',
      prompt: '해 질 녘부터 밤까지 창마다 불이 켜지는 도시의 스카이라인',
    },
    'tpl-coffee-pour': {
      title: '아침 커피',
      prompt: '세라믹 컵에 천천히 따르는 커피와 피어오르는 김',
      negativePrompt: '흘림, 텍스트, 로고',
    },
    'tpl-fresh-pasta': {
      title: '생파스타',
      prompt: '밀가루를 뿌린 테이블에서 생파스타를 빚는 손',
    },
    'tpl-product-spin': {
      title: '회전하는 제품',
      prompt: '부드러운 그라데이션 무대 위에서 천천히 회전하는 세련된 제품',
      negativePrompt: '손, 어수선한 배경, 카메라 반사',
    },
    'tpl-sale-announcement': {
      title: '반짝 세일',
      prompt: '밝은 도형이 움직이는 강렬한 반짝 세일 안내',
    },
    'tpl-birthday-wishes': {
      title: '생일 축하',
      prompt: '생일 축하해요! 위로 날아오르는 색종이 조각과 풍선',
    },
    'tpl-wedding-save-date': {
      title: '결혼식 날짜 안내',
      prompt: '날짜를 비워 두세요: 따뜻한 빛 속을 흩날리는 부드러운 꽃잎',
    },
    'tpl-space-drift': {
      title: '우주 유영',
      prompt: '빛나는 성운과 먼 별들을 지나 천천히 떠다니기',
    },
    'tpl-cyber-grid': {
      title: '사이버 그리드',
      prompt: '지는 해를 향해 빛나는 신스웨이브 그리드 위를 비행',
    },
    'tpl-quiet-study': {
      title: '조용한 독서 공간',
      prompt: '따뜻한 램프가 켜진 아늑한 독서 공간, 창문에 내리는 비',
    },
  },
  hi: {
    'tpl-golden-hour-coast': {
      title: 'सुनहरी शाम का तट',
      prompt: 'सुनहरी शाम में शांत समुद्र तट पर आती लहरें, गीली रेत पर गर्म रोशनी',
    },
    'tpl-misty-forest': {
      title: 'धुंध भरी जंगल की सुबह',
      prompt: 'ऊँचे चीड़ के पेड़ों के बीच कोहरे को चीरती धूप की किरणें',
    },
    'tpl-northern-lights': {
      title: 'उत्तरी ध्रुवीय ज्योति',
      prompt: 'तारों भरे आसमान के नीचे जमी हुई झील पर नाचती हरी ध्रुवीय ज्योति',
    },
    'tpl-neon-city': {
      title: 'नियॉन शहर में बारिश',
      prompt: 'रात में बारिश से भीगी सड़क, पानी के गड्ढों में झलकते नियॉन साइन',
    },
    'tpl-rooftop-timelapse': {
      title: 'छत से टाइमलैप्स',
      prompt: 'शाम से रात तक शहर का नज़ारा, जैसे-जैसे खिड़कियाँ रोशन होती हैं',
    },
    'tpl-coffee-pour': {
      title: 'सुबह की कॉफ़ी',
      prompt: 'सिरेमिक कप में धीरे-धीरे डाली जाती कॉफ़ी, ऊपर उठती भाप',
      negativePrompt: 'छलकना, टेक्स्ट, लोगो',
    },
    'tpl-fresh-pasta': {
      title: 'ताज़ा पास्ता',
      prompt: 'आटा छिड़की मेज़ पर ताज़ा पास्ता मोड़ते हाथ',
    },
    'tpl-product-spin': {
      title: 'घूमता हुआ प्रोडक्ट',
      prompt: 'हल्के ग्रेडिएंट वाले मंच पर धीरे-धीरे घूमता एक आकर्षक प्रोडक्ट',
      negativePrompt: 'हाथ, बिखराव, कैमरे का प्रतिबिंब',
    },
    'tpl-sale-announcement': {
      title: 'फ़्लैश सेल',
      prompt: 'चमकीली चलती आकृतियों के साथ फ़्लैश सेल की दमदार घोषणा',
    },
    'tpl-birthday-wishes': {
      title: 'जन्मदिन की शुभकामनाएँ',
      prompt: 'जन्मदिन मुबारक हो! ऊपर उड़ते कॉन्फ़ेटी और गुब्बारे',
    },
    'tpl-wedding-save-date': {
      title: 'शादी की तारीख़ याद रखें',
      prompt: 'तारीख़ याद रखें: गर्म रोशनी में तैरती कोमल पंखुड़ियाँ',
    },
    'tpl-space-drift': {
      title: 'अंतरिक्ष में तैरते हुए',
      prompt: 'चमकती नीहारिकाओं और दूर के तारों के पास से धीरे-धीरे गुज़रना',
    },
    'tpl-cyber-grid': {
      title: 'साइबर ग्रिड',
      prompt: 'डूबते सूरज की ओर चमकते सिंथवेव ग्रिड के ऊपर उड़ान',
    },
    'tpl-quiet-study': {
      title: 'शांत पढ़ने का कोना',
      prompt: 'गर्म लैंप वाले आरामदेह पढ़ने के कोने की खिड़की पर बारिश',
    },
  },
};
