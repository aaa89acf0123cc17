import { type EnumValue, labelKeyOf } from './enum.js';

/**
 * industry_type of a registration (spec section 3). Label keys `enums.industryType.<value>`.
 * The spec names 21 to 29 only as "various manufacturing, pharmaceutical and biotech" and 55 to 62
 * as a list of sectors; the names below are ours, in the spec's order. English names:
 * 10 Others, 11 Publishing, 12 Medical and Social Services, 20 Finance and Insurance,
 * 21 Semiconductor manufacturing, 22 Electronic components manufacturing, 23 Computer and
 * peripheral equipment manufacturing, 24 Optoelectronics manufacturing, 25 Machinery and equipment
 * manufacturing, 26 Chemical and materials manufacturing, 27 Pharmaceuticals, 28 Biotechnology,
 * 29 Medical device manufacturing, 30 Business Consulting, 31 Government, 32 Local agency,
 * 41 Media, 50 Foreign telecom operators, 51 Domestic telecom operators, 52 Voice wholesale,
 * 53 General ICP, 55 Manufacturing, 56 Trade, 57 Information and communications technology,
 * 58 Tourism, 59 Transport, 60 Education, 61 Leisure, 62 Internet and Cloud operators.
 */
export const IndustryType = {
  OTHERS: 10,
  PUBLISHING: 11,
  MEDICAL_SOCIAL_SERVICES: 12,
  FINANCE_INSURANCE: 20,
  SEMICONDUCTOR_MANUFACTURING: 21,
  ELECTRONIC_COMPONENTS_MANUFACTURING: 22,
  COMPUTER_PERIPHERALS_MANUFACTURING: 23,
  OPTOELECTRONICS_MANUFACTURING: 24,
  MACHINERY_MANUFACTURING: 25,
  CHEMICAL_MATERIALS_MANUFACTURING: 26,
  PHARMACEUTICAL: 27,
  BIOTECHNOLOGY: 28,
  MEDICAL_DEVICES_MANUFACTURING: 29,
  BUSINESS_CONSULTING: 30,
  GOVERNMENT: 31,
  LOCAL_AGENCY: 32,
  MEDIA: 41,
  FOREIGN_TELECOM_OPERATOR: 50,
  DOMESTIC_TELECOM_OPERATOR: 51,
  VOICE_WHOLESALE: 52,
  GENERAL_ICP: 53,
  MANUFACTURING: 55,
  TRADE: 56,
  ICT: 57,
  TOURISM: 58,
  TRANSPORT: 59,
  EDUCATION: 60,
  LEISURE: 61,
  INTERNET_CLOUD_OPERATOR: 62,
} as const;
export type IndustryType = EnumValue<typeof IndustryType>;
export const industryTypeLabelKey = labelKeyOf('industryType', IndustryType);
